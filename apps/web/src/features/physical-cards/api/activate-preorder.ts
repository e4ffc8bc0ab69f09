import { activationResponse } from '@cardstack/shared/physical-cards/schemas';
import { api } from '../../../lib/api-client';
import { preorderUrl } from './physical-card-keys';

/** POST /api/physical-cards/preorders/{id}/activate: a new card from the pre-order, or (with `cardId`) linked to a card the person has. */
export function activatePreorder(preorderId: string, cardId?: string) {
  return api.post(preorderUrl(preorderId, '/activate'), activationResponse, cardId ? { cardId } : {});
}
