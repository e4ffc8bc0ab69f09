import type { UserPlan } from './plans';

/** Feature groups: each names the plans a feature is allowed on. */
export const featureGroups = [
  'basic',
  'subscribed',
  'team',
  'basic_and_subscribed',
  'basic_and_team',
  'subscribed_and_team',
  'all',
] as const;
export type FeatureGroup = (typeof featureGroups)[number];

export const plansInFeatureGroup: Readonly<Record<FeatureGroup, readonly UserPlan[]>> = {
  basic: ['basic'],
  subscribed: ['subscribed'],
  team: ['team'],
  basic_and_subscribed: ['basic', 'subscribed'],
  basic_and_team: ['basic', 'team'],
  subscribed_and_team: ['subscribed', 'team'],
  all: ['basic', 'subscribed', 'team'],
};

/** "The paid overlay shows when the user's plan is not in the feature's allowed group." */
export function isFeatureAllowed(plan: UserPlan, group: FeatureGroup): boolean {
  return plansInFeatureGroup[group].includes(plan);
}

/**
 * The product's features and the group each is allowed on. The paid ones are exactly what the downgrade impact
 * lists say a downgrade locks, erases or resets (`downgrade.test.ts` holds the two in step). Features no plan rule
 * covers are open to all; see docs/decisions/0005-card-limits.md.
 */
export const featureAccess = {
  digitalCards: 'all',
  qrCode: 'all',
  contacts: 'all',
  leadForm: 'all',
  analytics: 'all',
  aiScanner: 'all',
  // Pro to Basic: "design reset, widgets and attachments erased, Apple and Google Wallet locked, CSV export
  // and Zapier locked". The integrations screen "requires at least the basic paid plan level gate".
  design: 'subscribed_and_team',
  widgets: 'subscribed_and_team',
  attachments: 'subscribed_and_team',
  appleWallet: 'subscribed_and_team',
  googleWallet: 'subscribed_and_team',
  csvExport: 'subscribed_and_team',
  zapier: 'subscribed_and_team',
  // "for Teams also user management, roles, team contacts and Excel bulk import locked, and team cards set
  // to basic".
  userManagement: 'team',
  roles: 'team',
  teamContacts: 'team',
  bulkImport: 'team',
  teamCards: 'team',
} as const satisfies Record<string, FeatureGroup>;
export type Feature = keyof typeof featureAccess;
export const features = Object.keys(featureAccess) as Feature[];

export function canUseFeature(plan: UserPlan, feature: Feature): boolean {
  return isFeatureAllowed(plan, featureAccess[feature]);
}

/** The features a move from one plan to another takes away. */
export function featuresLost(from: UserPlan, to: UserPlan): Feature[] {
  return features.filter((feature) => canUseFeature(from, feature) && !canUseFeature(to, feature));
}

/**
 * The plan whose features a card gets. A team card, worked on in team mode by someone of its team, has the
 * team's plan (Teams: team mode exists only while the team owner is on Teams); any other card has the plan of
 * the person editing it.
 */
export function planForCard(
  editor: { plan: UserPlan; teamOwnerId?: string | undefined; isTeamMode?: boolean | undefined },
  card: { teamOwnerId: string | null },
): UserPlan {
  return card.teamOwnerId !== null && card.teamOwnerId === editor.teamOwnerId && editor.isTeamMode === true ? 'team' : editor.plan;
}
