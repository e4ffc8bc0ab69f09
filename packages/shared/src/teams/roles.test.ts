import { describe, expect, it } from 'vitest';
import {
  can,
  checkedPermissions,
  defaultRolesMatrix,
  effectivePermissions,
  hasTeamCardRoutes,
  normaliseRoleList,
  normaliseRolesMatrix,
  permissions,
  roleList,
  titleRowName,
  type MemberRole,
  type Permission,
} from './roles';
import { settingsRoutesFor } from './settings-routes';

describe('permission rows', () => {
  it('names the five permissions, contacts split in two, in order', () => {
    expect(permissions).toEqual(['metrics', 'manageDigitalCards', 'readContacts', 'manageContacts', 'userManagement', 'roles']);
  });

  it('starts every list with an unmarked title row; the third row is manageDigitalCards (the team-card routes)', () => {
    for (const list of [defaultRolesMatrix.admin, defaultRolesMatrix.employee, roleList([...permissions])]) {
      expect(list[0]).toEqual({ name: titleRowName, checked: false });
      expect(list.map((row) => row.name)).toEqual([titleRowName, ...permissions]);
      expect(list[2]!.name).toBe('manageDigitalCards');
    }
  });

  it('has sensible defaults: admins run the team, the owner keeps the roles screen, employees get nothing extra', () => {
    expect(checkedPermissions(defaultRolesMatrix.admin)).toEqual(['metrics', 'manageDigitalCards', 'readContacts', 'manageContacts', 'userManagement']);
    expect(checkedPermissions(defaultRolesMatrix.employee)).toEqual([]);
  });

  it.each([
    ['a marked title row grants nothing', [{ name: 'title', checked: true }], []],
    ['unknown rows are dropped', [{ name: 'deleteEverything', checked: true }, { name: 'readContacts', checked: true }], ['readContacts']],
    ['out-of-order rows come back in order', [{ name: 'roles', checked: true }, { name: 'metrics', checked: true }], ['metrics', 'roles']],
    ['missing rows read as unchecked', [], []],
    ['a duplicate row counts once', [{ name: 'readContacts', checked: true }, { name: 'readContacts', checked: false }], ['readContacts']],
  ] as const)('normalising: %s', (_case, rows, expected) => {
    const list = normaliseRoleList(rows);
    expect(list[0]).toEqual({ name: 'title', checked: false });
    expect(list).toHaveLength(permissions.length + 1);
    expect(checkedPermissions(list)).toEqual(expected);
  });

  it('fills a missing or empty stored matrix with the defaults', () => {
    expect(normaliseRolesMatrix(null)).toEqual(defaultRolesMatrix);
    expect(normaliseRolesMatrix({ employee: [{ name: 'readContacts', checked: true }] })).toEqual({
      admin: defaultRolesMatrix.admin,
      employee: roleList(['readContacts']),
    });
  });
});

describe('effectivePermissions and can', () => {
  const roles = { admin: roleList(['manageDigitalCards', 'userManagement']), employee: roleList(['readContacts']) };
  const all = [...permissions];

  // Rows: who, whether the team owner is on Teams, what they may do.
  it.each<[MemberRole, boolean, Permission[]]>([
    ['owner', true, all],
    ['admin', true, ['manageDigitalCards', 'userManagement']],
    ['employee', true, ['readContacts']],
    // Leaving Teams locks user management, roles, team contacts and bulk import.
    ['owner', false, []],
    ['admin', false, []],
    ['employee', false, []],
  ])('%s (team active: %s)', (role, isTeamActive, expected) => {
    const granted = effectivePermissions({ role, isTeamActive, roles });
    expect(granted).toEqual(expected);
    for (const permission of permissions) expect(can({ permissions: granted }, permission)).toBe(expected.includes(permission));
  });

  it.each<[string, Permission[], boolean]>([
    ['with manageDigitalCards', ['manageDigitalCards'], true],
    ['with every other permission', ['metrics', 'readContacts', 'userManagement', 'roles'], false],
    ['with none', [], false],
  ])('team-card routes exist only %s checked', (_case, granted, expected) => {
    expect(hasTeamCardRoutes({ permissions: granted })).toBe(expected);
  });
});

describe('settingsRoutesFor — settings sub-routes, decision 0007', () => {
  const base = ['general', 'pricing-plans', 'integrations'];
  it.each<[string, boolean, Permission[], string[]]>([
    ['not an organisation user (their own team owner)', false, [], [...base, 'user-management', 'roles']],
    ['not an organisation user, on Teams', false, [...permissions], [...base, 'user-management', 'roles']],
    ['an organisation user without either permission', true, ['metrics', 'manageDigitalCards', 'readContacts'], base],
    ['an organisation user with userManagement', true, ['userManagement'], [...base, 'user-management']],
    ['an organisation user with roles', true, ['roles'], [...base, 'roles']],
    ['an organisation user with both', true, ['userManagement', 'roles'], [...base, 'user-management', 'roles']],
  ])('%s', (_case, isOrganizationUser, granted, expected) => {
    expect(settingsRoutesFor({ isOrganizationUser, permissions: granted })).toEqual(expected);
  });
});
