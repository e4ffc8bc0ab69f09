/*
 * What the service worker (src/service-worker/sw.ts) does with each request, as plain functions of the URL so they
 * are tested without a browser (offline-rules.test.ts). Shared by the worker and the page (sign-out names the
 * caches to clear). docs/offline.md says what this means for a person; docs/decisions/0054-installable-offline-and-dark.md why.
 */

/** The caches of a signed-in person's own data, emptied at sign-out (lib/sign-out.ts). */
export const personalCaches = {
  /** The last answers of the API calls "My cards" and a card's editor make: GET /api/session, /api/cards, /api/cards/{id}… */
  api: 'cardstack-api-v1',
  /** Each card's QR code, the last one shown. */
  qrCodes: 'cardstack-qr-v1',
} as const;

/**
 * Paths the app's navigation fallback (the cached app shell, when the network is gone) never answers: the server's
 * own pages and endpoints. The public card page (/id/) stays server-rendered; /oauth and the billing pages take
 * part in another party's flow; /admin is the operator console and needs the server for everything.
 */
const notTheApp = new Set(['id', 'api', 'oauth', 'files', 'admin', 'billing', 'assets', 'api-reference']);

/** A navigation to this path may be answered by the cached app shell when the network cannot. */
export function isAppNavigation(pathname: string): boolean {
  const firstSegment = pathname.split('/')[1] ?? '';
  if (notTheApp.has(firstSegment)) return false;
  // A file (/sw.js, /manifest.webmanifest, /favicon.ico…) is never the app.
  return !/\.[a-z0-9]+$/i.test(pathname);
}

/**
 * API reads whose last answer is kept for offline use: the session (so a remembered session opens), the card list,
 * and one card (the editor, which shows its QR code). Only GET; everything else goes to the network as before.
 */
export function isRememberedApiRead(pathname: string): boolean {
  return pathname === '/api/session' || pathname === '/api/cards' || /^\/api\/cards\/[^/]+$/.test(pathname);
}

/** A card's QR code image (/id/{card id}/qr.svg or .png, shared/public-card/schemas publicCardResourcePaths). */
export function isQrCode(pathname: string): boolean {
  return /^\/id\/[^/]+\/qr\.(?:svg|png)$/.test(pathname);
}
