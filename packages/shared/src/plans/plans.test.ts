import { describe, expect, it } from 'vitest';
import { comparePlans, isDowngrade, isUpgrade, planTitles, plans, toUserPlan, type Plan } from './plans';

describe('plan order — basic < Pro < Teams < Enterprise', () => {
  it('sorts the plans in that order', () => {
    const shuffled: Plan[] = ['enterprise', 'basic', 'team', 'subscribed'];
    expect([...shuffled].sort(comparePlans)).toEqual(['basic', 'subscribed', 'team', 'enterprise']);
    expect(plans.map((plan) => planTitles[plan])).toEqual(['Basic', 'Pro', 'Teams', 'Enterprise']);
  });

  it.each([
    ['basic', 'basic', 0],
    ['basic', 'subscribed', -1],
    ['subscribed', 'basic', 1],
    ['subscribed', 'team', -1],
    ['team', 'enterprise', -1],
    ['enterprise', 'basic', 1],
  ] as const)('comparePlans(%s, %s) has sign %d', (a, b, sign) => {
    expect(Math.sign(comparePlans(a, b))).toBe(sign);
  });

  // "Choosing a lower plan is a downgrade and needs confirmation."
  it.each([
    ['subscribed', 'basic', true],
    ['team', 'basic', true],
    ['team', 'subscribed', true],
    ['enterprise', 'team', true],
    ['basic', 'basic', false],
    ['team', 'team', false],
    ['basic', 'subscribed', false],
    ['subscribed', 'team', false],
    ['team', 'enterprise', false],
  ] as const)('%s -> %s is a downgrade: %s', (from, to, expected) => {
    expect(isDowngrade(from, to)).toBe(expected);
    if (from !== to) expect(isUpgrade(from, to)).toBe(!expected);
  });

  // A missing or unknown plan value reads as basic.
  it.each([
    ['subscribed', 'subscribed'],
    ['team', 'team'],
    ['enterprise', 'basic'],
    ['pro', 'basic'],
    [undefined, 'basic'],
    [null, 'basic'],
  ] as const)('toUserPlan(%s) is %s', (value, expected) => {
    expect(toUserPlan(value)).toBe(expected);
  });
});
