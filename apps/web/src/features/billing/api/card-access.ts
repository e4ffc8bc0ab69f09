import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardAccessResponse } from '@cardstack/shared/billing/schemas';
import { api } from '../../../lib/api-client';
import { cardAccessQueryKey } from './billing-keys';

/**
 * GET /api/billing/card-access: which of the user's cards are blocked by the plan's card limit and whether another
 * may be created (both depend on the plan, the card count and the account's dates). The cards list marks
 * `blockedCardIds`; the create button follows `canCreateCard`.
 */
export function getCardAccess() {
  return api.get('/api/billing/card-access', cardAccessResponse);
}

export const cardAccessQuery = () => queryOptions({ queryKey: cardAccessQueryKey, queryFn: getCardAccess });

export const useCardAccess = () => useQuery(cardAccessQuery());
