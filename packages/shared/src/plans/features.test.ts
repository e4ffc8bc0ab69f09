import { describe, expect, it } from 'vitest';
import { canUseFeature, featureAccess, featureGroups, featuresLost, isFeatureAllowed, planForCard } from './features';
import { userPlans } from './plans';

describe('isFeatureAllowed — "The paid overlay shows when the user\'s plan is not in the feature\'s allowed group"', () => {
  // Rows: group; columns: basic, subscribed (Pro), team.
  it.each([
    ['basic', true, false, false],
    ['subscribed', false, true, false],
    ['team', false, false, true],
    ['basic_and_subscribed', true, true, false],
    ['basic_and_team', true, false, true],
    ['subscribed_and_team', false, true, true],
    ['all', true, true, true],
  ] as const)('%s: basic %s, Pro %s, Teams %s', (group, basic, subscribed, team) => {
    expect(isFeatureAllowed('basic', group)).toBe(basic);
    expect(isFeatureAllowed('subscribed', group)).toBe(subscribed);
    expect(isFeatureAllowed('team', group)).toBe(team);
  });

  it('has the seven groups, from basic to all', () => {
    expect(featureGroups).toEqual([
      'basic',
      'subscribed',
      'team',
      'basic_and_subscribed',
      'basic_and_team',
      'subscribed_and_team',
      'all',
    ]);
  });
});

describe('feature table', () => {
  it.each([
    ['csvExport', false, true, true],
    ['zapier', false, true, true],
    ['appleWallet', false, true, true],
    ['googleWallet', false, true, true],
    ['widgets', false, true, true],
    ['attachments', false, true, true],
    ['design', false, true, true],
    ['userManagement', false, false, true],
    ['roles', false, false, true],
    ['teamContacts', false, false, true],
    ['bulkImport', false, false, true],
    ['teamCards', false, false, true],
    ['digitalCards', true, true, true],
    ['contacts', true, true, true],
    ['analytics', true, true, true],
  ] as const)('%s: basic %s, Pro %s, Teams %s', (feature, basic, subscribed, team) => {
    expect(canUseFeature('basic', feature)).toBe(basic);
    expect(canUseFeature('subscribed', feature)).toBe(subscribed);
    expect(canUseFeature('team', feature)).toBe(team);
  });

  it('never takes a feature away on an upgrade: each higher plan has everything the lower one has', () => {
    expect(featuresLost('basic', 'subscribed')).toEqual([]);
    expect(featuresLost('subscribed', 'team')).toEqual([]);
    expect(featuresLost('basic', 'team')).toEqual([]);
    for (const plan of userPlans) expect(featuresLost(plan, plan)).toEqual([]);
  });

  it('uses only those groups', () => {
    for (const group of Object.values(featureAccess)) expect(featureGroups).toContain(group);
  });
});

describe('planForCard', () => {
  it.each([
    ['own card on Basic', { plan: 'basic', teamOwnerId: 'u1', isTeamMode: false }, null, 'basic'],
    ['own card on Pro', { plan: 'subscribed', teamOwnerId: 'u1', isTeamMode: false }, null, 'subscribed'],
    ['team card in team mode', { plan: 'basic', teamOwnerId: 'o1', isTeamMode: true }, 'o1', 'team'],
    ['team card, team no longer on Teams', { plan: 'basic', teamOwnerId: 'o1', isTeamMode: false }, 'o1', 'basic'],
    ['another team\'s card', { plan: 'basic', teamOwnerId: 'o1', isTeamMode: true }, 'o2', 'basic'],
  ] as const)('%s -> %s', (_name, editor, teamOwnerId, plan) => {
    expect(planForCard(editor, { teamOwnerId })).toBe(plan);
  });
});
