import { useEffect, useSyncExternalStore } from 'react';
import type { SessionUser } from '@cardstack/shared/auth/schemas';

/*
 * The signed-in user, held in a small store of its own rather than in the query cache: the app shell decides
 * "sign-in form or the app" from it, and the query library (~10 KB gzip) then stays out of the first screen's
 * JavaScript (it loads with the screens, lib/query-client.tsx).
 *
 * It keeps the rules the session query had: fetched when the first reader mounts, readers sharing the request
 * under way, a refresh (after sign-in, a change to the user) fetching anew and its answer winning over an earlier
 * one, no retry, an answer older than a minute fetched again in the background when a reader mounts, and a failed
 * refresh keeping the user it had.
 */

/** `user`: undefined until the first answer (or when that failed), null when signed out. */
export interface SessionSnapshot {
  readonly user: SessionUser | null | undefined;
  readonly isPending: boolean;
}

const staleAfterMs = 60_000;

let snapshot: SessionSnapshot = { user: undefined, isPending: true };
let fetchedAt: number | undefined;
let latestRequest = 0;
let inFlight: Promise<void> | undefined;
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/*
 * A bare fetch rather than lib/api-client: this is the only request the app shell makes, and all it needs to know
 * is "signed in as …", "signed out" or "could not tell". /api/session answers `null` (200) for "signed out" where
 * /api/me answers 401, which the browser would log to the console as an error on every visit to the sign-in screen.
 */
async function fetchSessionUser(): Promise<SessionUser | null> {
  const response = await fetch('/api/session', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET /api/session answered ${response.status}`);
  return (await response.json()) as SessionUser | null;
}

/** Fetches the session again; resolves once the store holds the answer. After sign-in, sign-out and changes to the user. */
export function refreshSession(): Promise<void> {
  const request = ++latestRequest;
  const done = fetchSessionUser().then(
    (user) => {
      if (request !== latestRequest) return;
      fetchedAt = Date.now();
      publish({ user, isPending: false });
    },
    () => {
      if (request !== latestRequest) return;
      // The server could not say (network, 5xx): a user already known stays; otherwise nobody is signed in yet.
      publish({ user: snapshot.user, isPending: false });
    },
  );
  inFlight = done.finally(() => {
    if (request === latestRequest) inFlight = undefined;
  });
  return inFlight;
}

/**
 * A screen that reads the session mounted (or is about to): the first one fetches it, and a later one refreshes
 * an old answer.
 */
export function prefetchSession(): void {
  if (inFlight) return;
  if (fetchedAt === undefined || Date.now() - fetchedAt > staleAfterMs) void refreshSession();
}

/** An answer the server just gave (e.g. the saved profile), so no second request is needed. */
export function setSessionUser(user: SessionUser): void {
  latestRequest++;
  inFlight = undefined;
  fetchedAt = Date.now();
  publish({ user, isPending: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the store holds now (the hooks below read it on every change). */
export function getSessionSnapshot(): SessionSnapshot {
  return snapshot;
}

/** The signed-in user (`data`, null when signed out); the plan and organisation claims come with it. */
export function useSession(): { data: SessionUser | null | undefined; isPending: boolean } {
  const current = useSyncExternalStore(subscribe, getSessionSnapshot);
  useEffect(prefetchSession, []);
  return { data: current.user, isPending: current.isPending };
}

export function useSessionUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useSessionUser is only for screens inside the signed-in layout');
  return data;
}
