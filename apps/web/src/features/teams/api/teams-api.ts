import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Card, CardResponse } from '@cardstack/shared/cards/schemas';
import type {
  CreateTeamCardInput,
  ImportJob,
  InvitationPreview,
  InviteMemberInput,
  RolesMatrixInput,
  RolesResponse,
  TeamCardsResponse,
  TeamMember,
  TeamMembersResponse,
} from '@cardstack/shared/teams/schemas';
import type { TeamRole } from '@cardstack/shared/teams/roles';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';

/*
 * Every /api/teams call the SPA makes, with its query keys. Team cards sit under the cards key, so the card
 * actions of the cards feature (which refresh ['cards']) refresh the team list too.
 */

export const teamMembersQueryKey = ['teams', 'members'] as const;
const teamRolesQueryKey = ['teams', 'roles'] as const;
export const teamCardsQueryKey = ['cards', 'team'] as const;
const importJobQueryKey = (jobId: string) => ['teams', 'imports', jobId] as const;

const memberUrl = (memberId: string, rest = '') => `/api/teams/members/${encodeURIComponent(memberId)}${rest}`;

export function useTeamMembers() {
  return useQuery({ queryKey: teamMembersQueryKey, queryFn: () => api.get<TeamMembersResponse>('/api/teams/members') });
}

function useMembersMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMembersQueryKey }) });
}

export function useInviteMember() {
  return useMembersMutation(async (input: InviteMemberInput) => (await api.post<{ member: TeamMember }>('/api/teams/members', input)).member);
}

export function useResendInvitation() {
  return useMembersMutation(async (memberId: string) => (await api.post<{ member: TeamMember }>(memberUrl(memberId, '/resend'))).member);
}

export function useRevokeInvitation() {
  return useMembersMutation((memberId: string) => api.post<{ ok: true }>(memberUrl(memberId, '/revoke')));
}

export function useChangeRole() {
  return useMembersMutation(async (input: { memberId: string; role: TeamRole }) =>
    (await api.patch<{ member: TeamMember }>(memberUrl(input.memberId), { role: input.role })).member,
  );
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.delete<{ ok: true; cardsKept: number }>(memberUrl(memberId)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamMembersQueryKey }),
        // The member's cards passed to the owner.
        queryClient.invalidateQueries({ queryKey: ['cards'] }),
      ]),
  });
}

export function useTeamRoles() {
  return useQuery({ queryKey: teamRolesQueryKey, queryFn: () => api.get<RolesResponse>('/api/teams/roles') });
}

export function useSaveRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RolesMatrixInput) => api.put<RolesResponse>('/api/teams/roles', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamRolesQueryKey, saved);
      // The signed-in user's own permissions may have changed with it.
      return refreshSession();
    },
  });
}

export function useTeamCards() {
  return useQuery({ queryKey: teamCardsQueryKey, queryFn: () => api.get<TeamCardsResponse>('/api/teams/cards') });
}

export function useCreateTeamCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateTeamCardInput): Promise<Card> => (await api.post<CardResponse>('/api/teams/cards', input)).card,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamCardsQueryKey }),
  });
}

export function previewInvitation(token: string): Promise<InvitationPreview> {
  return api.post<InvitationPreview>('/api/teams/invitations/preview', { token });
}

export function acceptInvitation(token: string): Promise<{ teamOwnerId: string; role: TeamRole }> {
  return api.post('/api/teams/invitations/accept', { token });
}

export async function startImport(file: File, onProgress: (fraction: number) => void): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', file);
  return (await uploadWithProgress<{ job: ImportJob }>('/api/teams/imports', form, onProgress)).job;
}

/** The job, polled every half second until it has finished. */
export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: importJobQueryKey(jobId ?? ''),
    queryFn: async () => (await api.get<{ job: ImportJob }>(`/api/teams/imports/${encodeURIComponent(jobId!)}`)).job,
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 500;
    },
  });
}

export const importTemplateUrls = { csv: '/api/teams/import-template/csv', xlsx: '/api/teams/import-template/xlsx' } as const;
