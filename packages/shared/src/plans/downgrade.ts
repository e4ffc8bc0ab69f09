import type { Feature } from './features';
import { capitalise, featureNames, hasLanded, joinNames } from './plan-includes';
import type { UserPlan } from './plans';

/** Every downgrade warns that it removes features and may lose data when the cards exceed the new plan's limits. */
export const downgradeWarning =
  "Downgrading removes features and may cause data loss if your cards exceed the new plan's limits.";


/**
 * What the downgrade job does for one line of the dialog. `lock` needs no change of data: the plan gate, the
 * card allowance and the team claims already follow the new plan.
 */
export type DowngradeEffect = 'lockCards' | 'resetDesign' | 'eraseWidgetsAndAttachments' | 'lock' | 'teamCardsToBasic';

/**
 * One line of the downgrade confirmation. `features` names what the line is about, so a test can check that
 * every feature a move takes away is announced. `keptCards` marks the card line.
 */
export interface DowngradeImpact {
  text: string;
  features: readonly Feature[];
  effect: DowngradeEffect;
  keptCards?: number;
}

/** The card line of an impact list for a given number of cards kept active (the dialog states the user's own). */
export function cardsKept(count: number): DowngradeImpact {
  return {
    text: `Only ${count} ${count === 1 ? 'card is' : 'cards are'} kept; the rest are locked.`,
    features: [],
    effect: 'lockCards',
    keptCards: count,
  };
}

const impactGroups: Readonly<Record<'design' | 'widgets' | 'wallets' | 'export' | 'teamTools' | 'teamCards', Omit<DowngradeImpact, 'text'> & { text?: string }>> = {
  design: { features: ['design'], effect: 'resetDesign', text: 'Your card design is reset to the default.' },
  widgets: { features: ['widgets', 'attachments'], effect: 'eraseWidgetsAndAttachments' },
  wallets: { features: ['appleWallet', 'googleWallet'], effect: 'lock' },
  export: { features: ['csvExport', 'zapier'], effect: 'lock' },
  teamTools: { features: ['userManagement', 'roles', 'teamContacts', 'bulkImport'], effect: 'lock' },
  teamCards: { features: ['teamCards'], effect: 'teamCardsToBasic', text: 'Team cards are set to Basic.' },
};

const verbs: Record<DowngradeEffect, string> = {
  lockCards: 'locked',
  resetDesign: 'reset',
  eraseWidgetsAndAttachments: 'erased',
  lock: 'locked',
  teamCardsToBasic: 'set to Basic',
};

/** The landed part of an impact group as a sentence ("CSV export is locked."), or null when nothing of it has landed. */
function impactOf(group: keyof typeof impactGroups, isLanded: (feature: Feature) => boolean): DowngradeImpact | null {
  const { text, ...impact } = impactGroups[group];
  const shown = impact.features.filter(isLanded);
  if (shown.length === 0) return null;
  if (text && shown.length === impact.features.length) return { ...impact, text };
  const names = joinNames(shown.map((feature) => featureNames[feature]));
  return { ...impact, features: shown, text: `${capitalise(names)} ${shown.length === 1 ? 'is' : 'are'} ${verbs[impact.effect]}.` };
}

export const downgradeMoves = ['subscribed->basic', 'team->basic', 'team->subscribed'] as const;
export type DowngradeMove = (typeof downgradeMoves)[number];

/**
 * The impact lists of the three downgrades, in the product's order (card line, design, widgets and
 * attachments, wallets, CSV export and Zapier, then the team lines), each line with only the features this
 * instance has. The card counts are those of the newer pricing model (1 card on Basic, 2 on Pro).
 */
const movesSpec: Record<DowngradeMove, { kept: number; groups: (keyof typeof impactGroups)[] }> = {
  'subscribed->basic': { kept: 1, groups: ['design', 'widgets', 'wallets', 'export'] },
  'team->basic': { kept: 1, groups: ['design', 'widgets', 'wallets', 'export', 'teamTools', 'teamCards'] },
  'team->subscribed': { kept: 2, groups: ['teamTools', 'teamCards'] },
};

/** The lists for a given set of built features (tests pass "everything" to compare with the product's full wording). */
export function downgradeImpactsWith(isLanded: (feature: Feature) => boolean): Record<DowngradeMove, readonly DowngradeImpact[]> {
  const listOf = (move: DowngradeMove): DowngradeImpact[] => [
    cardsKept(movesSpec[move].kept),
    ...movesSpec[move].groups.flatMap((group) => impactOf(group, isLanded) ?? []),
  ];
  return { 'subscribed->basic': listOf('subscribed->basic'), 'team->basic': listOf('team->basic'), 'team->subscribed': listOf('team->subscribed') };
}

export const downgradeImpacts: Readonly<Record<DowngradeMove, readonly DowngradeImpact[]>> = downgradeImpactsWith(hasLanded);

export function isDowngradeMove(move: string): move is DowngradeMove {
  return (downgradeMoves as readonly string[]).includes(move);
}

/** The impact list for a move, or null when the move is not a downgrade. */
export function downgradeImpactsFor(from: UserPlan, to: UserPlan): readonly DowngradeImpact[] | null {
  const move = `${from}->${to}`;
  return isDowngradeMove(move) ? downgradeImpacts[move] : null;
}

/**
 * The list a person is shown for a move: the card line states their own allowance (`keptCards`), or is left out
 * when every card stays active (null).
 */
export function downgradeImpactsShown(from: UserPlan, to: UserPlan, keptCards: number | null): DowngradeImpact[] {
  return (downgradeImpactsFor(from, to) ?? []).flatMap((impact) =>
    impact.keptCards === undefined ? [impact] : keptCards === null ? [] : [cardsKept(keptCards)],
  );
}
