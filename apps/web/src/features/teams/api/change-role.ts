import { teamMemberResponse } from '@cardstack/shared/teams/schemas';
import type { TeamRole } from '@cardstack/shared/teams/roles';
import { api } from '../../../lib/api-client';
import { memberUrl, useMembersMutation } from './team-keys';

/** PATCH /api/teams/members/{id} */
export async function changeRole(input: { memberId: string; role: TeamRole }) {
  return (await api.patch(memberUrl(input.memberId), teamMemberResponse, { role: input.role })).member;
}

export const useChangeRole = () => useMembersMutation(changeRole);
