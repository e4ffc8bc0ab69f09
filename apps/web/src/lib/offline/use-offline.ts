import { useSyncExternalStore } from 'react';

/**
 * True while the browser says it has no network: the app shows what the service worker kept, read-only (the
 * signed-in layout's banner; screens disable their changes).
 */
export function useOffline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => !navigator.onLine,
    () => false,
  );
}
