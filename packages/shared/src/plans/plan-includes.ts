import { canUseFeature, features, type Feature } from './features';
import type { UserPlan } from './plans';

/*
 * "What each plan includes": the one list the pricing cards, the downgrade dialogs, the downgrade mail and the
 * downgrade job read. The plan each feature belongs to is `featureAccess` (features.ts), the table the server
 * gates (`requireFeature`) and the paid overlay check; this file says which of those features the product has
 * built and how each is named. A feature that has not landed is neither advertised nor announced as lost.
 */

/**
 * The features this instance actually offers (every feature of `featureAccess` has now been built).
 */
export const landedFeatures: ReadonlySet<Feature> = new Set<Feature>([
  'digitalCards',
  'qrCode',
  'contacts',
  'leadForm',
  'analytics',
  'aiScanner',
  'design',
  'widgets',
  'attachments',
  'appleWallet',
  'googleWallet',
  'csvExport',
  'zapier',
  'userManagement',
  'roles',
  'teamContacts',
  'bulkImport',
  'teamCards',
]);

export function hasLanded(feature: Feature): boolean {
  return landedFeatures.has(feature);
}

/** How a feature is named inside a sentence (lists start it with a capital). */
export const featureNames: Readonly<Record<Feature, string>> = {
  digitalCards: 'digital cards',
  qrCode: 'sharing by link, QR code and NFC',
  contacts: 'contacts',
  leadForm: 'lead form',
  analytics: 'Insights and Analytics',
  aiScanner: 'AI Scanner',
  design: 'custom card design',
  widgets: 'widgets',
  attachments: 'attachments',
  appleWallet: 'Apple Wallet',
  googleWallet: 'Google Wallet',
  csvExport: 'CSV export',
  zapier: 'Zapier',
  userManagement: 'user management',
  roles: 'roles',
  teamContacts: 'team contacts',
  bulkImport: 'Excel bulk import',
  teamCards: 'team cards',
};

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a", "a and b", "a, b and c". */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** One line of a plan card's feature list. */
export interface PlanIncludesLine {
  text: string;
  features: readonly Feature[];
  /** A 'New' badge marks the newest features (Insights and Analytics, AI Scanner). */
  isNew?: boolean;
}

/** The feature lines of the plan cards as groups of features; a line shows the landed part of its group. */
const lineGroups: readonly { features: readonly Feature[]; isNew?: boolean; text?: string }[] = [
  { features: ['analytics'], isNew: true },
  { features: ['aiScanner'], isNew: true },
  { features: ['design'] },
  { features: ['widgets', 'attachments'] },
  { features: ['appleWallet', 'googleWallet'], text: 'Apple Wallet and Google Wallet passes' },
  { features: ['csvExport', 'zapier'] },
  { features: ['userManagement', 'roles'] },
  { features: ['teamContacts'] },
  { features: ['bulkImport'] },
  { features: ['qrCode'] },
  { features: ['contacts', 'leadForm'] },
];

function lineOf(group: (typeof lineGroups)[number], allowed: (feature: Feature) => boolean): PlanIncludesLine | null {
  const shown = group.features.filter(allowed);
  if (shown.length === 0) return null;
  const text = group.text && shown.length === group.features.length ? group.text : capitalise(joinNames(shown.map((f) => featureNames[f])));
  return { text, features: shown, ...(group.isNew ? { isNew: true } : {}) };
}

/**
 * What a plan card lists besides its card allowance line (which depends on the user's pricing model). Teams
 * sums up the Pro features in one line instead of repeating them.
 */
export function planIncludes(plan: UserPlan, isLanded: (feature: Feature) => boolean = hasLanded): PlanIncludesLine[] {
  const allowed = (feature: Feature) => isLanded(feature) && canUseFeature(plan, feature);
  if (plan !== 'team') return lineGroups.flatMap((group) => lineOf(group, allowed) ?? []);
  const inPro = (feature: Feature) => canUseFeature('subscribed', feature);
  const own = lineGroups.flatMap((group) => lineOf(group, (feature) => allowed(feature) && !inPro(feature)) ?? []);
  const newLines = lineGroups.filter((group) => group.isNew).flatMap((group) => lineOf(group, allowed) ?? []);
  const pro = features.filter((feature) => isLanded(feature) && inPro(feature) && feature !== 'digitalCards' && !newLines.some((line) => line.features.includes(feature)));
  return [...newLines, ...own.filter((line) => !line.isNew), { text: 'Everything in Pro', features: pro }];
}
