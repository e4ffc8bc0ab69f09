import { invitationPreview } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/teams/invitations/preview: what the accept page shows before anyone signs in. */
export function previewInvitation(token: string) {
  return api.post('/api/teams/invitations/preview', invitationPreview, { token });
}
