import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { memberUrl, useMembersMutation } from './team-keys';

/** POST /api/teams/members/{id}/revoke: the invitation link stops working. */
export function revokeInvitation(memberId: string) {
  return api.post(memberUrl(memberId, '/revoke'), okResponse);
}

export const useRevokeInvitation = () => useMembersMutation(revokeInvitation);
