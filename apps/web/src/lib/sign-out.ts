import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from './api-client';

/** POST /api/auth/sign-out: ends this browser's session and nothing else. */
export async function endSession(): Promise<void> {
  await api.post('/api/auth/sign-out', unreadAnswer);
}

/** Sign-out clears the session, goes to /login and reloads (a deleted account goes to /register). */
export async function signOut(options: { isDeleted?: boolean } = {}): Promise<void> {
  try {
    await endSession();
  } finally {
    window.location.assign(options.isDeleted ? '/register' : '/login');
  }
}
