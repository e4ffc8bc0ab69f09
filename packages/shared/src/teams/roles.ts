/*
 * Team roles (admin, employee) and their permissions. Pure rules shared by the server, which decides, and the SPA,
 * which only mirrors the answer it is given.
 *
 * Stored shape: per team owner an admin list and an employee list of rows; the first row of each list is a title
 * row and is never marked; each row has a checked flag. The permission rows follow in a fixed order, so "the third
 * permission row" (the team-card routes) is manageDigitalCards.
 */

/** The roles a member can hold. The team owner is not a member and holds every permission. */
export const teamRoles = ['admin', 'employee'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** What a signed-in user is in their team: its owner (everyone is their own team owner) or a member. */
export const memberRoles = ['owner', ...teamRoles] as const;
export type MemberRole = (typeof memberRoles)[number];

/**
 * The product names metrics, manageDigitalCards, contacts, userManagement and roles. `contacts` is split in two:
 * seeing the team's leads is not the same trust as changing or deleting them (a stored `contacts` became both).
 */
export const permissions = ['metrics', 'manageDigitalCards', 'readContacts', 'manageContacts', 'userManagement', 'roles'] as const;
export type Permission = (typeof permissions)[number];

export const titleRowName = 'title';
export type PermissionRowName = typeof titleRowName | Permission;

export interface PermissionRow {
  name: PermissionRowName;
  checked: boolean;
}

/** One role's list: the title row, then one row per permission. */
export type RoleList = PermissionRow[];

export interface RolesMatrix {
  admin: RoleList;
  employee: RoleList;
}

export const roleTitles: Record<MemberRole, string> = { owner: 'Owner', admin: 'Admin', employee: 'Employee' };

export const permissionTexts: Record<Permission, { label: string; description: string }> = {
  metrics: { label: 'Metrics', description: 'See the insights and analytics of the team.' },
  manageDigitalCards: { label: 'Manage digital cards', description: 'Create, edit and delete the team’s cards.' },
  readContacts: { label: 'See contacts', description: 'See and export the contacts and leads of every team card.' },
  manageContacts: { label: 'Manage contacts', description: 'Edit and delete the contacts and leads of every team card.' },
  userManagement: { label: 'User management', description: 'Invite, remove and change the role of team members.' },
  roles: { label: 'Roles', description: 'Change what admins and employees may do.' },
};

/** A role list with exactly these permissions checked, in the canonical order. */
export function roleList(checked: readonly Permission[]): RoleList {
  return [{ name: titleRowName, checked: false }, ...permissions.map((name) => ({ name, checked: checked.includes(name) }))];
}

/**
 * Defaults for a new team: admins run the team day to day (cards, contacts, people, metrics); changing what
 * the roles may do stays with the owner until they hand it over. Employees manage only their own cards.
 */
export const defaultRolesMatrix: RolesMatrix = {
  admin: roleList(['metrics', 'manageDigitalCards', 'readContacts', 'manageContacts', 'userManagement']),
  employee: roleList([]),
};

/** The permissions a list grants; the title row never grants anything, even if a stored one is marked. */
export function checkedPermissions(list: readonly PermissionRow[]): Permission[] {
  const checked = new Set(list.filter((row) => row.name !== titleRowName && row.checked).map((row) => row.name));
  return permissions.filter((name) => checked.has(name));
}

/**
 * A stored or submitted list in canonical form: title row first and unmarked, every permission once in
 * order. Unknown rows are dropped and missing ones read as unchecked, so an old record stays usable.
 */
export function normaliseRoleList(list: readonly { name: string; checked: boolean }[] | null | undefined): RoleList {
  return roleList(checkedPermissions((list ?? []).filter((row): row is PermissionRow => isRowName(row.name))));
}

export function normaliseRolesMatrix(matrix: Partial<Record<TeamRole, readonly { name: string; checked: boolean }[]>> | null | undefined): RolesMatrix {
  return {
    admin: matrix?.admin ? normaliseRoleList(matrix.admin) : defaultRolesMatrix.admin,
    employee: matrix?.employee ? normaliseRoleList(matrix.employee) : defaultRolesMatrix.employee,
  };
}

function isRowName(name: string): name is PermissionRowName {
  return name === titleRowName || (permissions as readonly string[]).includes(name);
}

export interface TeamStanding {
  role: MemberRole;
  /**
   * Whether the team is in team mode: its owner is on the Teams plan. Leaving Teams locks user management,
   * roles, team contacts and bulk import and sets team cards to basic, so no permission holds.
   */
  isTeamActive: boolean;
  roles: RolesMatrix;
}

/** What a user may do in their team: the owner everything, a member what their role's list checks. */
export function effectivePermissions(standing: TeamStanding): Permission[] {
  if (!standing.isTeamActive) return [];
  if (standing.role === 'owner') return [...permissions];
  return checkedPermissions(standing.roles[standing.role]);
}

/** The one question every check asks: does this member (their resolved claims) hold the permission? */
export function can(member: { permissions: readonly Permission[] }, permission: Permission): boolean {
  return member.permissions.includes(permission);
}

/**
 * The team-card routes exist only when the user is in team mode and the role has the third permission row
 * (manageDigitalCards) checked. Permissions are empty outside team mode, so one check covers both.
 */
export function hasTeamCardRoutes(member: { permissions: readonly Permission[] }): boolean {
  return can(member, 'manageDigitalCards');
}
