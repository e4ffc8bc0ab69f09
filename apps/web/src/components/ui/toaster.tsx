import { Toaster as SonnerToaster } from 'sonner';

/** Toasts auto-close (durations per area in lib/notify.ts) and carry a close button to dismiss them. */
export function Toaster() {
  return <SonnerToaster position="top-center" closeButton richColors toastOptions={{ closeButton: true }} />;
}
