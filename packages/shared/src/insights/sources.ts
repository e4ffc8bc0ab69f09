/*
 * Where a visit to a public card came from. A link we hand out carries a short marker in its query
 * (`/id/{key}/?src=qr`); the page counts it and removes it from the address bar, so a visitor who shares the
 * page passes on the plain address. Without a marker the referring site's host decides, else the visit is
 * direct (typed, bookmarked, or an app that sends no referrer).
 */

/** The query parameter that carries the marker. */
export const visitSourceParam = 'src';

/** The markers our own links carry. */
export const visitSourceMarkers = {
  /** The card's QR code. */
  qr: 'qr',
  /** The NFC link the editor offers for a tag, and physical cards' chips. */
  nfc: 'nfc',
  /** The QR code and link on Apple and Google Wallet passes. */
  wallet: 'wallet',
  /** An email signature. */
  email: 'email',
  /** A shared link. */
  link: 'link',
} as const;
export type VisitSourceMarker = (typeof visitSourceMarkers)[keyof typeof visitSourceMarkers];
const markerValues: readonly string[] = Object.values(visitSourceMarkers);

/** Every source a view is counted under: the markers, another site, or none of those. */
export const visitSources = ['qr', 'nfc', 'wallet', 'email', 'link', 'site', 'direct'] as const;
export type VisitSource = (typeof visitSources)[number];

export const visitSourceLabels: Readonly<Record<VisitSource, string>> = {
  qr: 'QR code',
  nfc: 'NFC tap',
  wallet: 'Wallet pass',
  email: 'Email signature',
  link: 'Shared link',
  site: 'Other site',
  direct: 'Direct',
};

export function isVisitSourceMarker(value: unknown): value is VisitSourceMarker {
  return typeof value === 'string' && markerValues.includes(value);
}

/** A card address with a source marker added (any existing marker replaced). */
export function withVisitSource(address: string, source: VisitSourceMarker): string {
  const hashAt = address.indexOf('#');
  const beforeHash = hashAt === -1 ? address : address.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : address.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const kept = queryAt === -1 ? [] : beforeHash.slice(queryAt + 1).split('&').filter((part) => part !== '' && part.split('=')[0] !== visitSourceParam);
  return `${path}?${[...kept, `${visitSourceParam}=${source}`].join('&')}${hash}`;
}

/**
 * The source marker of a request's query string (the part after `?`), or null. Read without a URL parser: this
 * runs on every page view.
 */
export function markerOfQuery(query: string): VisitSourceMarker | null {
  for (const part of query.split('&')) {
    const equals = part.indexOf('=');
    if (equals === -1 || part.slice(0, equals) !== visitSourceParam) continue;
    const value = part.slice(equals + 1).toLowerCase();
    return isVisitSourceMarker(value) ? value : null;
  }
  return null;
}

/**
 * A view's source: the marker when there is a valid one; otherwise another site when the referrer's host is
 * not our own; otherwise direct.
 */
export function visitSourceOf(marker: VisitSourceMarker | null, referrerHost: string | null, ownHost: string): VisitSource {
  if (marker) return marker;
  if (referrerHost && referrerHost !== ownHost) return 'site';
  return 'direct';
}
