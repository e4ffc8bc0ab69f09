/**
 * The plans, in order: basic < Pro < Teams < Enterprise. `subscribed` is Pro and `team` is Teams: those are the
 * values a user's `plan` holds (basic, subscribed, team). Enterprise is only a step in the order; it leads to a
 * quote form and is never a user's plan.
 */
export const plans = ['basic', 'subscribed', 'team', 'enterprise'] as const;
export type Plan = (typeof plans)[number];

export const userPlans = ['basic', 'subscribed', 'team'] as const;
export type UserPlan = (typeof userPlans)[number];

/** The paid plans a checkout can sell. */
export type PaidPlan = Extract<UserPlan, 'subscribed' | 'team'>;

export const planTitles: Record<Plan, string> = {
  basic: 'Basic',
  subscribed: 'Pro',
  team: 'Teams',
  enterprise: 'Enterprise',
};

export function isUserPlan(value: unknown): value is UserPlan {
  return typeof value === 'string' && (userPlans as readonly string[]).includes(value);
}

/** Anything that is not a known plan reads as basic, so a missing or stale value never grants a paid plan. */
export function toUserPlan(value: unknown): UserPlan {
  return isUserPlan(value) ? value : 'basic';
}

/**
 * A team is active while its owner is on Teams: its members are in team mode, its cards share the team's
 * allowance and its leads are the team's. Outside it every card follows its owner's own plan.
 */
export function isTeamActive(teamOwnerPlan: unknown): boolean {
  return toUserPlan(teamOwnerPlan) === 'team';
}

/** Negative when `a` is below `b`, zero when equal, positive when above; usable as a sort comparator. */
export function comparePlans(a: Plan, b: Plan): number {
  return plans.indexOf(a) - plans.indexOf(b);
}

/** "Choosing a lower plan is a downgrade and needs confirmation." */
export function isDowngrade(from: Plan, to: Plan): boolean {
  return comparePlans(to, from) < 0;
}

export function isUpgrade(from: Plan, to: Plan): boolean {
  return comparePlans(to, from) > 0;
}
