import { useMutation, useQueryClient } from '@tanstack/react-query';

/*
 * The teams feature's query keys. Team cards sit under the cards key, so the card actions of the cards feature
 * (which refresh ['cards']) refresh the team list too.
 */

export const teamMembersQueryKey = ['teams', 'members'] as const;
export const teamRolesQueryKey = ['teams', 'roles'] as const;
export const teamCardsQueryKey = ['cards', 'team'] as const;
export const importJobQueryKey = (jobId: string) => ['teams', 'imports', jobId] as const;

export const memberUrl = (memberId: string, rest = '') => `/api/teams/members/${encodeURIComponent(memberId)}${rest}`;

/** A change to one member: the members list is read again. */
export function useMembersMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMembersQueryKey }) });
}
