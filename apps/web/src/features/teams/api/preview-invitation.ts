import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationPreview } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/teams/invitations/preview: what the accept page shows before anyone signs in. */
export function previewInvitation(token: string) {
  return api.post('/api/teams/invitations/preview', invitationPreview, { token });
}

/** A link's answer does not change while the page is open, and a refusal is the answer, not a failure to retry. */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({ queryKey: ['teams', 'invitation', token], queryFn: () => previewInvitation(token), retry: false, staleTime: Infinity });

export const useInvitationPreview = (token: string) => useQuery(invitationPreviewQuery(token));
