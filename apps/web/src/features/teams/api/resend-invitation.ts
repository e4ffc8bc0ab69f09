import { teamMemberResponse } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';
import { memberUrl, useMembersMutation } from './team-keys';

/** POST /api/teams/members/{id}/resend */
export async function resendInvitation(memberId: string) {
  return (await api.post(memberUrl(memberId, '/resend'), teamMemberResponse)).member;
}

export const useResendInvitation = () => useMembersMutation(resendInvitation);
