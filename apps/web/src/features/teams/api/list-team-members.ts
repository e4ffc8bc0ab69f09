import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamMembersResponse } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';
import { teamMembersQueryKey } from './team-keys';

/** GET /api/teams/members: the members, the open invitations and the team's seat usage. */
export function listTeamMembers() {
  return api.get('/api/teams/members', teamMembersResponse);
}

export const teamMembersQuery = () => queryOptions({ queryKey: teamMembersQueryKey, queryFn: listTeamMembers });

export const useTeamMembers = () => useQuery(teamMembersQuery());
