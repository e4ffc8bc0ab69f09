import { queryOptions, useQuery } from '@tanstack/react-query';
import { usernameAvailabilityResponse } from '@cardstack/shared/cards/schemas';
import { usernameKey } from '@cardstack/shared/cards/username';
import { api } from '../../../lib/api-client';

/** GET /api/cards/username-availability: asked as the owner types (the field debounces), for usernames worth asking about. */
export function fetchUsernameAvailability(username: string, cardId: string) {
  const query = new URLSearchParams({ username, cardId });
  return api.get(`/api/cards/username-availability?${query}`, usernameAvailabilityResponse);
}

export const usernameAvailabilityQuery = (username: string, cardId: string) =>
  queryOptions({
    queryKey: ['cards', 'username-availability', cardId, usernameKey(username)],
    queryFn: () => fetchUsernameAvailability(username, cardId),
    staleTime: 10_000,
  });

export const useUsernameAvailability = (username: string, cardId: string, options: { enabled: boolean }) =>
  useQuery({ ...usernameAvailabilityQuery(username, cardId), ...options });
