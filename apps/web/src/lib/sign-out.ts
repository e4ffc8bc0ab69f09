import { api } from './api-client';

/** Sign-out clears the session, goes to /login and reloads (a deleted account goes to /register). */
export async function signOut(options: { isDeleted?: boolean } = {}): Promise<void> {
  try {
    await api.post('/api/auth/sign-out');
  } finally {
    window.location.assign(options.isDeleted ? '/register' : '/login');
  }
}
