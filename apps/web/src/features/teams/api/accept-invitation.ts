import { acceptInvitationResponse } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/teams/invitations/accept: the signed-in user joins the team. */
export function acceptInvitation(token: string) {
  return api.post('/api/teams/invitations/accept', acceptInvitationResponse, { token });
}
