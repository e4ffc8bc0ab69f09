import { sessionUser, type SessionUser } from '@cardstack/shared/auth/schemas';
import type { UpdateProfileInput } from '@cardstack/shared/account/schemas';
import { api } from '../../../lib/api-client';

/** PATCH /api/account/profile: answers the signed-in user as changed. */
export function updateProfile(input: UpdateProfileInput): Promise<SessionUser> {
  return api.patch('/api/account/profile', sessionUser, input);
}
