import { useSyncExternalStore } from 'react';

/*
 * The page's side of the service worker (src/service-worker/sw.ts): registers it once the signed-in layout has
 * shown (never in the first screen's JavaScript, decision 0032), tells whether a new version waits, and lets it
 * take over when the person chooses "Reload". docs/offline.md.
 */

let waiting: ServiceWorker | null = null;
let registered = false;
const listeners = new Set<() => void>();
const publish = () => {
  for (const listener of listeners) listener();
};

function watch(registration: ServiceWorkerRegistration): void {
  const offer = (worker: ServiceWorker | null) => {
    // A waiting worker beside an active one is a new version; the very first one takes the page itself.
    if (worker && navigator.serviceWorker.controller) {
      waiting = worker;
      publish();
    }
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
}

/** Registers /sw.js (production builds only: the dev server has none). Safe to call more than once. */
export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  // The very first worker takes this page when it is ready: the session and the card list are asked again through
  // it, so they (and each card and QR code, sw.ts) are kept from this first visit on.
  if (!navigator.serviceWorker.controller) {
    const askAgain = () => {
      for (const url of ['/api/session', '/api/cards']) void fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
    };
    navigator.serviceWorker.addEventListener('controllerchange', askAgain, { once: true });
  }
  navigator.serviceWorker
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .then(watch)
    .catch(() => {
      // No service worker (a private window, a browser setting): the app works online as before.
    });
}

/** Lets the waiting version take over, then reloads once it has: the whole page runs the new version. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** True while a new version of the app waits for "Reload". */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}
