import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountPreferences, type AccountPreferences, type UpdateAccountPreferencesInput } from '@cardstack/shared/account/preferences';
import { api } from '../../../lib/api-client';
import { preferencesQueryKey } from './account-keys';

/* /api/account/preferences: the account's language and time zone. */

export function getPreferences(): Promise<AccountPreferences> {
  return api.get('/api/account/preferences', accountPreferences);
}

export function savePreferences(input: UpdateAccountPreferencesInput): Promise<AccountPreferences> {
  return api.put('/api/account/preferences', accountPreferences, input);
}

export const preferencesQuery = () => queryOptions({ queryKey: preferencesQueryKey, queryFn: getPreferences });

export const usePreferences = () => useQuery(preferencesQuery());
