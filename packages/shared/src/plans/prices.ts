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

/**
 * The built-in prices, in euro cents: what BILLING_PROVIDER=test and none show, and the built-in test checkout
 * charges. With Stripe the page shows the provider's own prices instead (`PriceList`, read by the billing module).
 * Integers, so no sum or comparison ever meets a binary fraction.
 */
export const proPriceCents: Readonly<Record<BillingPeriod, number>> = { month: 499, year: 4990 };

export const teamPriceCents: Readonly<Record<BillingPeriod, Readonly<Record<TeamTier, number>>>> = {
  month: { 10: 999, 25: 1999, 50: 3999, 100: 7999, 250: 17999 },
  year: { 10: 9990, 25: 19990, 50: 39990, 100: 79990, 250: 179990 },
};

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

/** "Per-card price is price divided by the tier's card count", of the built-in prices, in euro cents. */
export function perCardPriceCents(period: BillingPeriod, tier: TeamTier): number {
  return Math.round(teamPriceCents[period][tier] / tier);
}

/** An ISO 4217 currency code, upper case (Stripe sends lower case; the reader upper-cases it). */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code');

/** One price: its amount in the currency's minor units (cents, or yen, which has none) and its currency. */
export const price = z.object({ unitAmount: z.number().int().nonnegative(), currency: currencyCode });
export type Price = z.infer<typeof price>;

const periodPrices = z.object({ month: price, year: price });
const tierPrices = z.object({ 10: price, 25: price, 50: price, 100: price, 250: price });

/** The price of every plan, period and Teams size: the built-in list, or the payment provider's prices. */
export const priceList = z.object({ subscribed: periodPrices, team: z.object({ month: tierPrices, year: tierPrices }) });
export type PriceList = z.infer<typeof priceList>;

/** Builds a price list by asking for the price of each plan, period and Teams size. */
export function priceListFrom(priceOf: (selection: PriceSelection) => Price): PriceList {
  const tiers = (period: BillingPeriod) => ({
    10: priceOf({ plan: 'team', period, tier: 10 }),
    25: priceOf({ plan: 'team', period, tier: 25 }),
    50: priceOf({ plan: 'team', period, tier: 50 }),
    100: priceOf({ plan: 'team', period, tier: 100 }),
    250: priceOf({ plan: 'team', period, tier: 250 }),
  });
  return {
    subscribed: { month: priceOf({ plan: 'subscribed', period: 'month' }), year: priceOf({ plan: 'subscribed', period: 'year' }) },
    team: { month: tiers('month'), year: tiers('year') },
  };
}

/** The built-in prices as a price list (euros). */
export const builtInPriceList: PriceList = priceListFrom((selection) => ({ unitAmount: priceCents(selection), currency: 'EUR' }));

export function priceIn(list: PriceList, selection: PriceSelection): Price {
  return selection.plan === 'subscribed' ? list.subscribed[selection.period] : list.team[selection.period][selection.tier];
}

/**
 * How many minor units a currency has (EUR 2, JPY 0, BHD 3), as Intl knows it: Stripe's amounts are in the
 * currency's smallest unit, so this (never a fixed 100) turns them into an amount.
 */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A price in minor units as a person reads it: "€4.99", "¥500", "$1,799.90". */
export function formatPrice(amount: Price, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: amount.currency }).format(
    amount.unitAmount / 10 ** minorUnitDigits(amount.currency),
  );
}

/** "Per-card price is price divided by the tier's card count", rounded to the currency's smallest unit. */
export function perCardPrice(list: PriceList, period: BillingPeriod, tier: TeamTier): Price {
  const teamPrice = list.team[period][tier];
  return { unitAmount: Math.round(teamPrice.unitAmount / tier), currency: teamPrice.currency };
}

/** What paying yearly saves against twelve monthly payments, the smallest over every plan and size. */
export type YearlySaving = { kind: 'months'; months: number } | { kind: 'percent'; percent: number };

/**
 * The yearly saving the pricing page names, computed from the prices. It is the smallest over Pro and every
 * Teams size, so the claim holds for every card on the page. Whole months ("2 months for free") when every
 * plan's year costs a whole number of its months, else a percentage rounded down; null when some year saves
 * nothing or the two periods are in different currencies (no honest comparison).
 */
export function yearlySaving(list: PriceList): YearlySaving | null {
  const pairs: Array<[Price, Price]> = [
    [list.subscribed.month, list.subscribed.year],
    ...teamTiers.map((tier): [Price, Price] => [list.team.month[tier], list.team.year[tier]]),
  ];
  if (pairs.some(([month, year]) => month.currency !== year.currency || month.unitAmount <= 0)) return null;
  const savedMonths = pairs.map(([month, year]) => (12 * month.unitAmount - year.unitAmount) / month.unitAmount);
  const least = Math.min(...savedMonths);
  if (!(least > 0)) return null;
  if (savedMonths.every((months) => Number.isInteger(months))) return { kind: 'months', months: least };
  // Rounded down (a float's 14.999… of an exact 15% must not become 14): the claim never overstates.
  const fraction = Math.min(...pairs.map(([month, year]) => (12 * month.unitAmount - year.unitAmount) / (12 * month.unitAmount)));
  const percent = Math.floor(fraction * 100 + 1e-9);
  return percent > 0 ? { kind: 'percent', percent } : null;
}

/** The note beside the period switch: "2 months for free", "1 month for free", "Save 15%". */
export function yearlySavingText(saving: YearlySaving): string {
  return saving.kind === 'months' ? `${saving.months} ${saving.months === 1 ? 'month' : 'months'} for free` : `Save ${saving.percent}%`;
}

/**
 * The displayed subscription price is the unit amount times the quantity: the provider's unit amount is in the
 * currency's minor units, and so is the result (format it with `formatPrice`).
 */
export function subscriptionAmount(unitAmount: number, quantity: number, currency: string): Price {
  return { unitAmount: unitAmount * quantity, currency };
}

/** The same amount in major units (euros, yen): what `displayedPrice` carries. */
export function displayedSubscriptionPrice(unitAmount: number, quantity: number, currency = 'EUR'): number {
  return (unitAmount * quantity) / 10 ** minorUnitDigits(currency);
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
