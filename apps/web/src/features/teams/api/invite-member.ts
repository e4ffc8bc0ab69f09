import { teamMemberResponse, type InviteMemberInput } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';
import { useMembersMutation } from './team-keys';

/** POST /api/teams/members: sends the invitation mail. */
export async function inviteMember(input: InviteMemberInput) {
  return (await api.post('/api/teams/members', teamMemberResponse, input)).member;
}

export const useInviteMember = () => useMembersMutation(inviteMember);
