import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rolesResponse, type RolesMatrixInput } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { teamRolesQueryKey } from './team-keys';

/* GET and PUT /api/teams/roles: what admins and employees of the team may do. */

export function getTeamRoles() {
  return api.get('/api/teams/roles', rolesResponse);
}

export function saveTeamRoles(input: RolesMatrixInput) {
  return api.put('/api/teams/roles', rolesResponse, input);
}

export const teamRolesQuery = () => queryOptions({ queryKey: teamRolesQueryKey, queryFn: getTeamRoles });

export const useTeamRoles = () => useQuery(teamRolesQuery());

export function useSaveRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeamRoles,
    onSuccess: (saved) => {
      queryClient.setQueryData(teamRolesQueryKey, saved);
      // The signed-in user's own permissions may have changed with it.
      return refreshSession();
    },
  });
}
