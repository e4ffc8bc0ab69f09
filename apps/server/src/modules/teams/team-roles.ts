import { normaliseRolesMatrix, type RolesMatrix } from '@cardstack/shared/teams/roles';
import type { RolesMatrixInput } from '@cardstack/shared/teams/schemas';
import { requirePermission, type TeamCaller } from './team-access';
import { iso, type TeamsDeps } from './team-deps';
import * as repository from './team-repository';

export async function getRoles(deps: TeamsDeps, caller: TeamCaller): Promise<RolesMatrix> {
  requirePermission(caller, 'roles');
  return repository.readRoles(deps.db, caller.teamOwnerId);
}

export async function setRoles(deps: TeamsDeps, caller: TeamCaller, input: RolesMatrixInput): Promise<RolesMatrix> {
  requirePermission(caller, 'roles');
  const matrix = normaliseRolesMatrix(input);
  await repository.saveRoles(deps.db, caller.teamOwnerId, matrix, iso(deps.now()));
  return matrix;
}
