import { usernameAvailabilityResponse } from '@cardstack/shared/cards/schemas';
import { api } from '../../../lib/api-client';

/** GET /api/cards/username-availability: asked as the owner types, debounced by the field itself. */
export function fetchUsernameAvailability(username: string, cardId: string) {
  const query = new URLSearchParams({ username, cardId });
  return api.get(`/api/cards/username-availability?${query}`, usernameAvailabilityResponse);
}
