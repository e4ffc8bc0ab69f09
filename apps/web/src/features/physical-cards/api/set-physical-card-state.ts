import { physicalCardResponse } from '@cardstack/shared/physical-cards/schemas';
import { api } from '../../../lib/api-client';
import { physicalCardUrl } from './physical-card-keys';

/** POST /api/physical-cards/{id}/state: switched off, taps show a neutral page; on again, they open the card. */
export function setPhysicalCardState(preorderId: string, isDeactivated: boolean) {
  return api.post(physicalCardUrl(preorderId, '/state'), physicalCardResponse, { isDeactivated });
}
