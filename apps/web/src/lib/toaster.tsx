import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster as SonnerToaster } from 'sonner';
import { useMessages } from './i18n/messages';
import { toasterMessages } from './toaster/messages';

/*
 * The toaster lives in a React root of its own, made on the first toast (lib/notify.ts): the toast library is no
 * part of the app shell, and most visits never show a toast. It comes in the chunk of the screen that raises the
 * toast, so there is no extra download to wait for or to fail. Outside the router, a toast stays on screen
 * across the navigation that often follows it ("Card activated successfully", then the cards list).
 */
let toasterMounted: Promise<void> | undefined;

/** Resolves once the toaster is on screen (a toast raised before it mounted would be lost); the first call mounts it. */
export function whenToasterMounted(): Promise<void> {
  toasterMounted ??= new Promise<void>((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(<Toaster onMounted={resolve} />);
  });
  return toasterMounted;
}

/**
 * Toasts auto-close (durations per area in lib/notify.ts) and carry a close button to dismiss them. The toaster's
 * own labels are in the app's language, and it runs the page's way (sonner reads the page's `dir` as it renders,
 * and it renders again when the language changes).
 */
function Toaster({ onMounted }: { onMounted: () => void }) {
  const t = useMessages(toasterMessages);
  useEffect(onMounted, [onMounted]);
  return (
    <SonnerToaster
      position="top-center"
      closeButton
      richColors
      containerAriaLabel={t('notifications')}
      toastOptions={{ closeButton: true, closeButtonAriaLabel: t('closeToast') }}
    />
  );
}
