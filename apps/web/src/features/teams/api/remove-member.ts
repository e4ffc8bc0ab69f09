import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeMemberResponse } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';
import { memberUrl, teamMembersQueryKey } from './team-keys';

/** DELETE /api/teams/members/{id}: the member's cards pass to the team's owner (`cardsKept`). */
export function removeMember(memberId: string) {
  return api.delete(memberUrl(memberId), removeMemberResponse);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamMembersQueryKey }),
        // The member's cards passed to the owner.
        queryClient.invalidateQueries({ queryKey: ['cards'] }),
      ]),
  });
}
