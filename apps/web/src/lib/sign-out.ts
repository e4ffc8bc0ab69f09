import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from './api-client';
import { personalCaches } from './offline/offline-rules';

/** POST /api/auth/sign-out: ends this browser's session and nothing else. */
export async function endSession(): Promise<void> {
  await api.post('/api/auth/sign-out', unreadAnswer);
}

/**
 * Empties the service worker's caches of this person's data (the last card list, cards, session and QR codes,
 * src/service-worker/sw.ts): the next person on this browser, online or not, sees none of it. The app shell stays.
 */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(personalCaches).map((name) => caches.delete(name))).catch(() => undefined);
}

/**
 * Sign-out clears the session and this browser's saved copy of the person's data (even offline, where the server
 * cannot be told), goes to /login and reloads (a deleted account goes to /register).
 */
export async function signOut(options: { isDeleted?: boolean } = {}): Promise<void> {
  try {
    await endSession();
  } finally {
    await clearOfflineData();
    window.location.assign(options.isDeleted ? '/register' : '/login');
  }
}
