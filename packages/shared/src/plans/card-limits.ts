import type { UserPlan } from './plans';
import { teamTiers, type TeamTier } from './prices';

/**
 * Card limits and blocking. The comments below quote the product's rules word for word; how their ambiguous
 * sentences are read is written down in docs/decisions/0005-card-limits.md.
 */

/** "limit applies when the account was created on or after 2024-05-14 and it has 10 or more cards" */
export const basicCardLimitSince = '2024-05-14';
/** "Accounts or subscriptions from 2024-09-11 onward are flagged 'account blocked' (the newer pricing model)." */
export const newPricingModelSince = '2024-09-11';

/** "Basic lists 1 unique card, or up to 10 cards for accounts not blocked. Pro lists 2". */
export const basicCardAllowance = { blocked: 1, notBlocked: 10 } as const;
export const proCardAllowance = 2;

export type DateInput = Date | string;

export interface PlanState {
  plan: UserPlan;
  accountCreatedAt: DateInput;
  /**
   * On Pro and Teams the creation of the current subscription; on Basic the creation of the last cancelled
   * subscription, if there was one. Together with the account date it dates the pricing model.
   */
  subscriptionCreatedAt?: DateInput | null;
  /** The current subscription's metadata `card_limitation` (the provider sends metadata as text). */
  cardLimitation?: number | string | null;
  /** The Teams size the current subscription pays for. */
  teamTier?: TeamTier | null;
}

export interface CardAllowance {
  /** How many cards stay active; null when the limit does not apply. */
  maxActiveCards: number | null;
  /** The newer pricing model: accounts or subscriptions from 2024-09-11 on are flagged 'account blocked'. */
  isAccountBlocked: boolean;
  /** Whether `card_limitation` set the number instead of the plan. */
  isOverridden: boolean;
}

export interface CardForLimit {
  id: string;
  isDefault: boolean;
  createdAt: DateInput;
}

/** A set of cards under one allowance: which stay active, which are blocked, whether another fits. */
export interface CardsUnderAllowance extends CardAllowance {
  /** Ids that stay active, in the order they were chosen (default cards first, then newest). */
  activeCardIds: string[];
  /** Ids beyond the allowance: listed as blocked, their public pages show the inactive page. */
  blockedCardIds: string[];
  /** "limit applies when ... it has N or more cards": false once the active allowance is used up. */
  canCreateCard: boolean;
}

/**
 * The date that decides which pricing model a user is on: the account's, or the subscription's when that is
 * later ("the account (or its last cancelled subscription) is dated on or after", "accounts or subscriptions
 * on or after 2024-09-11").
 */
export function pricingModelDate(state: Pick<PlanState, 'accountCreatedAt' | 'subscriptionCreatedAt'>): Date {
  const account = toDate(state.accountCreatedAt);
  if (state.subscriptionCreatedAt === null || state.subscriptionCreatedAt === undefined) return account;
  const subscription = toDate(state.subscriptionCreatedAt);
  return subscription > account ? subscription : account;
}

/** Thresholds are calendar days in UTC: "on or after 2024-09-11" starts at 2024-09-11T00:00:00Z. */
export function isOnOrAfter(date: DateInput, day: string): boolean {
  return toDate(date).getTime() >= Date.parse(`${day}T00:00:00.000Z`);
}

export function isAccountBlocked(state: Pick<PlanState, 'accountCreatedAt' | 'subscriptionCreatedAt'>): boolean {
  return isOnOrAfter(pricingModelDate(state), newPricingModelSince);
}

/**
 * "Card allowance may be overridden by subscription metadata card_limitation." Only a whole number of at
 * least 1 counts; anything else (empty, "0", "abc", 2.5) is ignored so a typo in the provider's dashboard
 * cannot lock every card.
 */
export function parseCardLimitation(value: unknown): number | null {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

export function cardAllowance(state: PlanState): CardAllowance {
  const date = pricingModelDate(state);
  const isBlocked = isOnOrAfter(date, newPricingModelSince);
  const override = state.plan === 'basic' ? null : parseCardLimitation(state.cardLimitation);
  const limited = (planAllowance: number): CardAllowance => ({
    maxActiveCards: override ?? planAllowance,
    isAccountBlocked: isBlocked,
    isOverridden: override !== null,
  });
  const unlimited: CardAllowance = { maxActiveCards: null, isAccountBlocked: isBlocked, isOverridden: false };

  switch (state.plan) {
    case 'basic':
      // "when it has 1 or more cards and the account (or its last cancelled subscription) is dated on or
      // after 2024-09-11", else "created on or after 2024-05-14 and it has 10 or more cards".
      if (isBlocked) return limited(basicCardAllowance.blocked);
      if (isOnOrAfter(date, basicCardLimitSince)) return limited(basicCardAllowance.notBlocked);
      return unlimited;
    case 'subscribed':
      // "with 2 or more cards, the limit applies only to accounts or subscriptions on or after 2024-09-11"
      return isBlocked ? limited(proCardAllowance) : unlimited;
    case 'team':
      // "applies when the plan's card allowance is at most the number of cards and the date condition holds"
      return isBlocked ? limited(state.teamTier ?? teamTiers[0]) : unlimited;
  }
}

/**
 * Which cards stay active and whether another may be created. "On Teams, only the newest cards up to the
 * allowance stay active, default cards first"; Basic and Pro follow the same order.
 */
export function applyCardAllowance(cards: readonly CardForLimit[], state: PlanState): CardsUnderAllowance {
  const allowance = cardAllowance(state);
  const ordered = [...cards].sort(compareCardPriority).map((card) => card.id);
  const max = allowance.maxActiveCards;
  return {
    ...allowance,
    activeCardIds: max === null ? ordered : ordered.slice(0, max),
    blockedCardIds: max === null ? [] : ordered.slice(max),
    canCreateCard: max === null || cards.length < max,
  };
}

function compareCardPriority(a: CardForLimit, b: CardForLimit): number {
  if (a.isDefault !== b.isDefault) return a.isDefault ? -1 : 1;
  const byAge = toDate(b.createdAt).getTime() - toDate(a.createdAt).getTime();
  if (byAge !== 0) return byAge;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The card line of a plan's feature list on the pricing screen: "Basic lists 1 unique card, or up to
 * 10 cards for accounts not blocked. Pro lists 2 digital cards (unlimited when not blocked ...)".
 */
export function cardAllowanceText(plan: UserPlan, isBlocked: boolean, teamTier: TeamTier = teamTiers[0]): string {
  switch (plan) {
    case 'basic':
      return isBlocked ? '1 unique card' : 'Up to 10 cards';
    case 'subscribed':
      return isBlocked ? '2 digital cards' : 'Unlimited digital cards';
    case 'team':
      return `Up to ${teamTier} cards`;
  }
}

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}
