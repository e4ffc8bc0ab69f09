import { z } from 'zod';
import type { PaidPlan } from './plans';

/** Stripe's `recurring.interval` values, so a price read back from the provider maps without translation. */
export const billingPeriods = ['month', 'year'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** The Teams sizes (251+ needs a quote). Each size is the tier's card allowance (0-10 ... 0-250). */
export const teamTiers = [10, 25, 50, 100, 250] as const;
export type TeamTier = (typeof teamTiers)[number];

/** "251+ needs a quote": the size that shows Get a quote instead of Next. */
export const teamQuoteSize = '251+';
export type TeamSize = TeamTier | typeof teamQuoteSize;
export const teamSizes: readonly TeamSize[] = [...teamTiers, teamQuoteSize];

export function isTeamTier(value: unknown): value is TeamTier {
  return typeof value === 'number' && (teamTiers as readonly number[]).includes(value);
}

/** Prices in euro cents. Integers, so no sum or comparison ever meets a binary fraction. */
export const proPriceCents: Readonly<Record<BillingPeriod, number>> = { month: 499, year: 4990 };

export const teamPriceCents: Readonly<Record<BillingPeriod, Readonly<Record<TeamTier, number>>>> = {
  month: { 10: 999, 25: 1999, 50: 3999, 100: 7999, 250: 17999 },
  year: { 10: 9990, 25: 19990, 50: 39990, 100: 79990, 250: 179990 },
};

/** "Yearly means 2 months free": a year costs ten months. */
export const freeMonthsPerYear = 2;

/** Free trial days: 7 on Pro, 14 on Teams. */
export const trialDays: Readonly<Record<PaidPlan, number>> = { subscribed: 7, team: 14 };

/** What a checkout sells: Pro per period, or Teams per period and size. */
export type PriceSelection =
  | { plan: 'subscribed'; period: BillingPeriod }
  | { plan: 'team'; period: BillingPeriod; tier: TeamTier };

export function priceCents(selection: PriceSelection): number {
  return selection.plan === 'subscribed'
    ? proPriceCents[selection.period]
    : teamPriceCents[selection.period][selection.tier];
}

/** "Per-card price is price divided by the tier's card count", rounded to the nearest cent for display. */
export function perCardPriceCents(period: BillingPeriod, tier: TeamTier): number {
  return Math.round(teamPriceCents[period][tier] / tier);
}

export function formatEuros(cents: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/**
 * The displayed subscription price is the unit amount times the quantity, divided by 100: the provider's unit
 * amount is in cents; the result is in euros.
 */
export function displayedSubscriptionPrice(unitAmount: number, quantity: number): number {
  return (unitAmount * quantity) / 100;
}

/**
 * "Each plan and period has its own price id" (and, for Teams, each size). The ids belong to the payment
 * provider's account, so they come from configuration; this is the shape the server validates at start-up.
 */
const priceId = z.string().trim().min(1, 'must be a price id');
const periodPriceIds = z.object({ month: priceId, year: priceId });
const tierPriceIds = z.object({ 10: priceId, 25: priceId, 50: priceId, 100: priceId, 250: priceId });

export const priceIdConfigSchema = z
  .object({
    subscribed: periodPriceIds,
    team: z.object({ month: tierPriceIds, year: tierPriceIds }),
  })
  .superRefine((config, ctx) => {
    // The reverse lookup (webhook price id -> plan) is only sound when every id names one price.
    const seen = new Map<string, string>();
    for (const [selection, id] of priceIdEntries(config)) {
      const label = describeSelection(selection);
      const earlier = seen.get(id);
      if (earlier) ctx.addIssue({ code: 'custom', message: `price id ${id} is used for both ${earlier} and ${label}` });
      seen.set(id, label);
    }
  });
export type PriceIdConfig = z.infer<typeof priceIdConfigSchema>;

export function resolvePriceId(config: PriceIdConfig, selection: PriceSelection): string {
  return selection.plan === 'subscribed'
    ? config.subscribed[selection.period]
    : config.team[selection.period][selection.tier];
}

/** The reverse of `resolvePriceId`: which plan, period and size a provider's price id stands for. */
export function findPriceSelection(config: PriceIdConfig, priceId: string): PriceSelection | null {
  for (const [selection, id] of priceIdEntries(config)) {
    if (id === priceId) return selection;
  }
  return null;
}

/** Builds a price id configuration by asking for the id of each plan, period and Teams size. */
export function priceIdConfigFrom(idOf: (selection: PriceSelection) => string): PriceIdConfig {
  const tierIds = (period: BillingPeriod) => ({
    10: idOf({ plan: 'team', period, tier: 10 }),
    25: idOf({ plan: 'team', period, tier: 25 }),
    50: idOf({ plan: 'team', period, tier: 50 }),
    100: idOf({ plan: 'team', period, tier: 100 }),
    250: idOf({ plan: 'team', period, tier: 250 }),
  });
  return {
    subscribed: { month: idOf({ plan: 'subscribed', period: 'month' }), year: idOf({ plan: 'subscribed', period: 'year' }) },
    team: { month: tierIds('month'), year: tierIds('year') },
  };
}

export function allPriceSelections(): PriceSelection[] {
  return billingPeriods.flatMap((period): PriceSelection[] => [
    { plan: 'subscribed', period },
    ...teamTiers.map((tier): PriceSelection => ({ plan: 'team', period, tier })),
  ]);
}

function priceIdEntries(config: PriceIdConfig): Array<[PriceSelection, string]> {
  return allPriceSelections().map((selection) => [selection, resolvePriceId(config, selection)]);
}

function describeSelection(selection: PriceSelection): string {
  return selection.plan === 'subscribed'
    ? `Pro per ${selection.period}`
    : `Teams ${selection.tier} cards per ${selection.period}`;
}
