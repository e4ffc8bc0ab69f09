import { describe, expect, it } from 'vitest';
import {
  allPriceSelections,
  displayedSubscriptionPrice,
  findPriceSelection,
  builtInPriceList,
  formatPrice,
  minorUnitDigits,
  perCardPrice,
  perCardPriceCents,
  priceListFrom,
  priceCents,
  priceIdConfigSchema,
  proPriceCents,
  resolvePriceId,
  teamPriceCents,
  teamSizes,
  teamTiers,
  trialDays,
  yearlySaving,
  yearlySavingText,
  type Price,
  type PriceIdConfig,
  type PriceList,
} from './prices';

const euros = (cents: number) => formatPrice({ unitAmount: cents, currency: 'EUR' });

describe('prices', () => {
  it('"Pro 4.99 per month or 49.9 per year"', () => {
    expect(priceCents({ plan: 'subscribed', period: 'month' })).toBe(499);
    expect(priceCents({ plan: 'subscribed', period: 'year' })).toBe(4990);
    expect(euros(proPriceCents.month)).toBe('€4.99');
    expect(euros(proPriceCents.year)).toBe('€49.90');
  });

  // "Teams per month 9.99, 19.99, 39.99, 79.99, 179.99; per year 99.9, 199.9, 399.9, 799.9, 1799.9 for
  // tiers 0-10, 0-25, 0-50, 0-100, 0-250 cards."
  it.each([
    [10, '€9.99', '€99.90'],
    [25, '€19.99', '€199.90'],
    [50, '€39.99', '€399.90'],
    [100, '€79.99', '€799.90'],
    [250, '€179.99', '€1,799.90'],
  ] as const)('Teams up to %i cards costs %s per month and %s per year', (tier, monthly, yearly) => {
    expect(euros(priceCents({ plan: 'team', period: 'month', tier }))).toBe(monthly);
    expect(euros(priceCents({ plan: 'team', period: 'year', tier }))).toBe(yearly);
  });

  it('"Sizes: 10, 25, 50, 100, 250, 251+"', () => {
    expect(teamTiers).toEqual([10, 25, 50, 100, 250]);
    expect(teamSizes).toEqual([10, 25, 50, 100, 250, '251+']);
  });

  it('"Yearly means 2 months free": every built-in yearly price is ten monthly ones, and the saving computed says so', () => {
    expect(proPriceCents.year).toBe(proPriceCents.month * 10);
    for (const tier of teamTiers) expect(teamPriceCents.year[tier]).toBe(teamPriceCents.month[tier] * 10);
    expect(yearlySaving(builtInPriceList)).toEqual({ kind: 'months', months: 2 });
    expect(yearlySavingText(yearlySaving(builtInPriceList)!)).toBe('2 months for free');
  });

  it('"Pro ... 7 day free trial", Teams "14 day free trial"', () => {
    expect(trialDays).toEqual({ subscribed: 7, team: 14 });
  });

  // "Per-card price is price divided by the tier's card count."
  it.each([
    ['month', 10, 100, '€1.00'],
    ['month', 25, 80, '€0.80'],
    ['month', 50, 80, '€0.80'],
    ['month', 100, 80, '€0.80'],
    ['month', 250, 72, '€0.72'],
    ['year', 10, 999, '€9.99'],
    ['year', 25, 800, '€8.00'],
    ['year', 50, 800, '€8.00'],
    ['year', 100, 800, '€8.00'],
    ['year', 250, 720, '€7.20'],
  ] as const)('per card, %s, %i cards: %i cents (%s)', (period, tier, cents, shown) => {
    expect(perCardPriceCents(period, tier)).toBe(cents);
    expect(euros(perCardPriceCents(period, tier))).toBe(shown);
  });

  // "Displayed subscription price: unit amount times quantity divided by 100."
  it.each([
    [499, 1, 4.99],
    [4990, 1, 49.9],
    [999, 3, 29.97],
    [17999, 1, 179.99],
    [0, 5, 0],
  ])('unit amount %i × quantity %i ÷ 100 = %d', (unitAmount, quantity, major) => {
    expect(displayedSubscriptionPrice(unitAmount, quantity)).toBeCloseTo(major, 10);
  });
});

describe('amounts in the currency\'s own minor units', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['BHD', 3],
  ] as const)('%s has %i decimals', (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });

  it.each([
    [{ unitAmount: 499, currency: 'EUR' }, '€4.99'],
    [{ unitAmount: 179990, currency: 'EUR' }, '€1,799.90'],
    [{ unitAmount: 599, currency: 'USD' }, '$5.99'],
    [{ unitAmount: 5990, currency: 'USD' }, '$59.90'],
    [{ unitAmount: 980, currency: 'JPY' }, '¥980'],
    [{ unitAmount: 550000, currency: 'JPY' }, '¥550,000'],
    [{ unitAmount: 1500, currency: 'BHD' }, 'BHD\u00a01.500'], // Intl puts a no-break space after a code
  ] as Array<[Price, string]>)('%o reads %s', (amount, shown) => {
    expect(formatPrice(amount)).toBe(shown);
  });

  it.each([
    ['JPY', 980, '¥980'],
    ['USD', 9.8, '$9.80'],
  ] as const)('a unit amount of 980 in %s is %d to show (%s)', (currency, major, shown) => {
    expect(displayedSubscriptionPrice(980, 1, currency)).toBeCloseTo(major, 10);
    expect(formatPrice({ unitAmount: 980, currency })).toBe(shown);
  });

  it('the per-card price is rounded to the currency\'s smallest unit', () => {
    const yen = priceListFrom((selection) => ({ unitAmount: selection.plan === 'team' && selection.tier === 250 ? 17999 : 1000, currency: 'JPY' }));
    expect(perCardPrice(yen, 'month', 250)).toEqual({ unitAmount: 72, currency: 'JPY' });
    expect(formatPrice(perCardPrice(yen, 'month', 250))).toBe('¥72');
  });
});

describe('the yearly saving, computed from the prices', () => {
  /** Pro and every Teams size, each year costing `yearOf(month)`. */
  const listOf = (currency: string, month: number, yearOf: (month: number) => number, teamYearOf = yearOf): PriceList =>
    priceListFrom((selection) => {
      const monthly = selection.plan === 'team' ? month * selection.tier : month;
      const yearly = selection.plan === 'team' ? teamYearOf(monthly) : yearOf(monthly);
      return { unitAmount: selection.period === 'month' ? monthly : yearly, currency };
    });

  it.each([
    ['ten months a year', listOf('EUR', 499, (m) => m * 10), '2 months for free'],
    ['eleven months a year, in yen', listOf('JPY', 980, (m) => m * 11), '1 month for free'],
    ['Teams save less than Pro: the smaller claim', listOf('USD', 600, (m) => m * 10, (m) => m * 11), '1 month for free'],
    ['15% off, not whole months', listOf('USD', 600, (m) => Math.round(m * 12 * 0.85)), 'Save 15%'],
  ])('%s: %s', (_case, list, text) => {
    expect(yearlySavingText(yearlySaving(list)!)).toBe(text);
  });

  it('no saving, a dearer year or two currencies: no claim', () => {
    expect(yearlySaving(listOf('EUR', 500, (m) => m * 12))).toBeNull();
    expect(yearlySaving(listOf('EUR', 500, (m) => m * 13))).toBeNull();
    const mixed = { ...builtInPriceList, subscribed: { ...builtInPriceList.subscribed, year: { unitAmount: 5000, currency: 'USD' } } };
    expect(yearlySaving(mixed)).toBeNull();
  });
});

describe('price ids from configuration — each plan and period has its own price id', () => {
  const config: PriceIdConfig = priceIdConfigSchema.parse({
    subscribed: { month: 'price_pro_m', year: 'price_pro_y' },
    team: {
      month: { 10: 'price_t10_m', 25: 'price_t25_m', 50: 'price_t50_m', 100: 'price_t100_m', 250: 'price_t250_m' },
      year: { 10: 'price_t10_y', 25: 'price_t25_y', 50: 'price_t50_y', 100: 'price_t100_y', 250: 'price_t250_y' },
    },
  });

  it.each([
    [{ plan: 'subscribed', period: 'month' }, 'price_pro_m'],
    [{ plan: 'subscribed', period: 'year' }, 'price_pro_y'],
    [{ plan: 'team', period: 'month', tier: 10 }, 'price_t10_m'],
    [{ plan: 'team', period: 'year', tier: 250 }, 'price_t250_y'],
  ] as const)('%o resolves to %s and back', (selection, id) => {
    expect(resolvePriceId(config, selection)).toBe(id);
    expect(findPriceSelection(config, id)).toEqual(selection);
  });

  it('round-trips all twelve prices and knows no others', () => {
    const selections = allPriceSelections();
    expect(selections).toHaveLength(12);
    for (const selection of selections) {
      expect(findPriceSelection(config, resolvePriceId(config, selection))).toEqual(selection);
    }
    expect(findPriceSelection(config, 'price_unknown')).toBeNull();
    expect(findPriceSelection(config, '')).toBeNull();
  });

  it('rejects a configuration that is missing a price or uses one id twice', () => {
    const missing = priceIdConfigSchema.safeParse({ ...config, subscribed: { month: 'price_pro_m', year: ' ' } });
    expect(missing.success).toBe(false);
    const duplicate = priceIdConfigSchema.safeParse({ ...config, subscribed: { month: 'price_t10_m', year: 'x' } });
    expect(duplicate.success).toBe(false);
    expect(duplicate.error?.issues[0]?.message).toBe('price id price_t10_m is used for both Pro per month and Teams 10 cards per month');
  });
});
