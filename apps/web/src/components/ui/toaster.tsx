import { lazy, Suspense, useEffect } from 'react';
import { markToasterMounted } from '../../lib/toaster-ready';

/*
 * The toast library (~10 KB gzip) is not part of the first screen: it loads as its own chunk right after the app
 * shell, long before anyone can do something that shows a toast.
 */
const SonnerToaster = lazy(() =>
  import('sonner').then(({ Toaster }) => ({
    default: function LoadedToaster() {
      useEffect(() => markToasterMounted(), []);
      return <Toaster position="top-center" closeButton richColors toastOptions={{ closeButton: true }} />;
    },
  })),
);

/** Toasts auto-close (durations per area in lib/notify.ts) and carry a close button to dismiss them. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
