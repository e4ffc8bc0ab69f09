import { physicalCardResponse } from '@cardstack/shared/physical-cards/schemas';
import { api } from '../../../lib/api-client';
import { physicalCardUrl } from './physical-card-keys';

/** POST /api/physical-cards/{id}/assign: the chip opens another card from now on. */
export function assignPhysicalCard(preorderId: string, cardId: string) {
  return api.post(physicalCardUrl(preorderId, '/assign'), physicalCardResponse, { cardId });
}
