import type { Feature } from './features';
import type { UserPlan } from './plans';

/**
 * One line of the downgrade confirmation. `features` names what the line is about, so a test can check
 * that every feature a move takes away is announced. `keptCards` marks the card line.
 */
export interface DowngradeImpact {
  text: string;
  features: readonly Feature[];
  keptCards?: number;
}

export const downgradeMoves = ['subscribed->basic', 'team->basic', 'team->subscribed'] as const;
export type DowngradeMove = (typeof downgradeMoves)[number];

/** Spec §8 "Downgrade warning: downgrading removes features and may cause data loss if cards exceed the plan's limits." */
export const downgradeWarning =
  "Downgrading removes features and may cause data loss if your cards exceed the new plan's limits.";

const designReset: DowngradeImpact = { text: 'Your card design is reset to the default.', features: ['design'] };
const widgetsErased: DowngradeImpact = {
  text: 'Widgets and attachments are erased.',
  features: ['widgets', 'attachments'],
};
const walletsLocked: DowngradeImpact = {
  text: 'Apple Wallet and Google Wallet are locked.',
  features: ['appleWallet', 'googleWallet'],
};
const exportLocked: DowngradeImpact = { text: 'CSV export and Zapier are locked.', features: ['csvExport', 'zapier'] };
const teamToolsLocked: DowngradeImpact = {
  text: 'User management, roles, team contacts and Excel bulk import are locked.',
  features: ['userManagement', 'roles', 'teamContacts', 'bulkImport'],
};
const teamCardsToBasic: DowngradeImpact = { text: 'Team cards are set to Basic.', features: ['teamCards'] };

/** The card line of an impact list for a given number of cards kept active (the dialog states the user's own). */
export function cardsKept(count: number): DowngradeImpact {
  return {
    text: `Only ${count} ${count === 1 ? 'card is' : 'cards are'} kept; the rest are locked.`,
    features: [],
    keptCards: count,
  };
}

/**
 * Spec §8 "Downgrade impact lists (Pro to Basic, Teams to Basic, Teams to Pro): 1 card or 2 cards kept with
 * the rest locked, design reset, widgets and attachments erased, Apple and Google Wallet locked, CSV export
 * and Zapier locked; for Teams also user management, roles, team contacts and Excel bulk import locked, and
 * team cards set to basic." The card counts are those of the newer pricing model (spec §9).
 */
export const downgradeImpacts: Readonly<Record<DowngradeMove, readonly DowngradeImpact[]>> = {
  'subscribed->basic': [cardsKept(1), designReset, widgetsErased, walletsLocked, exportLocked],
  'team->basic': [cardsKept(1), designReset, widgetsErased, walletsLocked, exportLocked, teamToolsLocked, teamCardsToBasic],
  'team->subscribed': [cardsKept(2), teamToolsLocked, teamCardsToBasic],
};

/** The impact list for a move, or null when the move is not a downgrade. */
export function downgradeImpactsFor(from: UserPlan, to: UserPlan): readonly DowngradeImpact[] | null {
  const move = `${from}->${to}`;
  return (downgradeMoves as readonly string[]).includes(move) ? downgradeImpacts[move as DowngradeMove] : null;
}
