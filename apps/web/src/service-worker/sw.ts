/*
 * The app's service worker (built by vite-plugin-pwa's injectManifest, vite.config.ts; served as /sw.js). It keeps
 * the app shell (the built JavaScript, CSS, index.html, icons) and the last answers of what "My cards" and a card's
 * QR code need, so a signed-in owner can show their code with no network. docs/offline.md, decision 0054.
 *
 * - Navigations to the app's own screens go to the network (the server picks the page's language and /login's
 *   pre-rendered form); with no network the cached index.html answers. Never for the server's own pages
 *   (offline-rules.ts isAppNavigation): the public card page, the API, OAuth, files, the operator console, billing.
 * - The session, the card list and each card (GET) and each card's QR code: network first, the last answer when the
 *   network fails. Emptied at sign-out by the page (lib/sign-out.ts).
 * - A new version waits until the page asks it to take over ("Reload", lib/offline/service-worker-client.ts):
 *   never half-applied under an open screen.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { isAppNavigation, isQrCode, isRememberedApiRead, personalCaches } from '../lib/offline/offline-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// First: an app navigation is the network's, and the cached shell's only when the network fails (registered before
// the precache's route, which would otherwise answer "/" with the cached English index.html).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isAppNavigation(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw error;
    }
  },
);

// Only the built files, by their revision; "/" and "/login" are not cache aliases of index.html and login.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/**
 * With a new card list, each card and its QR code as they are now, unless already kept at that version: "My cards"
 * seen once is enough to show every card's code offline, without opening each editor first.
 */
async function keepEveryCard(listRequest: Request): Promise<void> {
  const [apiCache, qrCache] = await Promise.all([caches.open(personalCaches.api), caches.open(personalCaches.qrCodes)]);
  const list = await apiCache.match(listRequest);
  if (!list) return;
  const { cards } = (await list.json()) as { cards?: { id: string; version: number }[] };
  for (const card of cards ?? []) {
    const qrCode = `/id/${encodeURIComponent(card.id)}/qr.svg?v=${card.version}`;
    if (await qrCache.match(qrCode)) continue;
    const [image, details] = await Promise.all([
      fetch(qrCode, { credentials: 'same-origin' }),
      fetch(`/api/cards/${encodeURIComponent(card.id)}`, { credentials: 'same-origin' }),
    ]);
    if (details.ok) await apiCache.put(`/api/cards/${encodeURIComponent(card.id)}`, details);
    if (image.ok) await qrCache.put(qrCode, image);
  }
}

registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && isRememberedApiRead(url.pathname),
  new NetworkFirst({
    cacheName: personalCaches.api,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      {
        cacheDidUpdate: async ({ request, event }) => {
          if (new URL(request.url).pathname !== '/api/cards') return;
          const kept = keepEveryCard(request).catch(() => undefined);
          // Past the answer to the page: the worker stays up until the copies are kept.
          if (event && 'waitUntil' in event) (event as ExtendableEvent).waitUntil(kept);
          else await kept;
        },
      },
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && isQrCode(url.pathname),
  new NetworkFirst({
    cacheName: personalCaches.qrCodes,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200 })],
  }),
);

// The first install takes the open page at once (nothing to be half-applied yet), so its requests are cached from
// then on; a later version waits for "Reload".
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
