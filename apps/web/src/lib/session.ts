import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { ApiError, api } from './api-client';

export const sessionQueryKey = ['session'] as const;

async function fetchSession(): Promise<SessionUser | null> {
  try {
    return await api.get<SessionUser>('/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user (null when signed out); the plan and organisation claims come with it. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000, retry: false });
}

export function useSessionUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useSessionUser is only for screens inside the signed-in layout');
  return data;
}

/** Sign-out clears the session, goes to /login and reloads (a deleted account goes to /register). */
export async function signOut(options: { isDeleted?: boolean } = {}): Promise<void> {
  try {
    await api.post('/api/auth/sign-out');
  } finally {
    window.location.assign(options.isDeleted ? '/register' : '/login');
  }
}
