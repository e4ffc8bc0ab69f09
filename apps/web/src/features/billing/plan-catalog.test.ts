import { beforeAll, describe, expect, it } from 'vitest';
import { canUseFeature, features } from '@cardstack/shared/plans/features';
import { hasLanded } from '@cardstack/shared/plans/plan-includes';
import { builtInPriceList, priceListFrom } from '@cardstack/shared/plans/prices';
import { formatsFor } from '../../lib/i18n/format';
import { billingTranslator } from './billing-translator';
import type { BillingTranslate } from './messages';
import { planCards, unknownPrice, type PlanCatalogInput } from './plan-catalog';
import { teamSizeLabel } from './plan-texts';

const base: PlanCatalogInput = {
  period: 'month',
  teamSize: 10,
  currentPlan: 'basic',
  isAccountBlocked: true,
  isTrialAvailable: true,
  prices: builtInPriceList,
  now: new Date('2026-03-01T00:00:00Z'),
};
let english: BillingTranslate;
let french: BillingTranslate;
beforeAll(async () => {
  english = await billingTranslator('en');
  french = await billingTranslator('fr');
});
const inEnglish = formatsFor('en', 'UTC');
const cardsOf = (input: PlanCatalogInput) => planCards(input, english, inEnglish);
const byPlan = (input: Partial<PlanCatalogInput> = {}) => Object.fromEntries(cardsOf({ ...base, ...input }).map((card) => [card.plan, card]));

describe('the plan cards', () => {
  it('list exactly the features each plan allows', () => {
    for (const card of cardsOf(base)) {
      const listed = new Set(card.features.flatMap((line) => line.features));
      const allowed = features.filter((feature) => hasLanded(feature) && canUseFeature(card.plan, feature));
      expect([...listed].sort(), card.title).toEqual(allowed.filter((feature) => card.plan === 'team' || feature !== 'teamCards').sort());
    }
  });

  it('advertise Insights on every plan, and wallets and Zapier only on the paid plans', () => {
    for (const card of cardsOf(base)) {
      const text = card.features.map((line) => line.text).join(' | ');
      expect(card.features).toContainEqual(expect.objectContaining({ text: 'Insights and Analytics', isNew: true }));
      if (card.title === 'Basic') expect(text).not.toMatch(/wallet|zapier/i);
    }
    expect(cardsOf(base).find((card) => card.title === 'Pro')!.features.map((line) => line.text)).toContain('CSV export and Zapier');
  });

  it.each([
    // Pro and Teams prices per tier; the per-card price is the price divided by the tier's card count; yearly
    // is ten months.
    ['month', 10, '€4.99', '/ month', '€9.99', '€1.00 per card / month'],
    ['year', 10, '€49.90', '/ year', '€99.90', '€9.99 per card / year'],
    ['month', 25, '€4.99', '/ month', '€19.99', '€0.80 per card / month'],
    ['month', 50, '€4.99', '/ month', '€39.99', '€0.80 per card / month'],
    ['month', 100, '€4.99', '/ month', '€79.99', '€0.80 per card / month'],
    ['year', 250, '€49.90', '/ year', '€1,799.90', '€7.20 per card / year'],
  ] as const)('%s, %s cards: Pro %s %s, Teams %s (%s)', (period, teamSize, proPrice, pricePeriod, teamPrice, perCard) => {
    const cards = byPlan({ period, teamSize });
    expect(cards.basic).toMatchObject({ price: 'Free', pricePeriod: '', perCardPrice: null });
    expect(cards.subscribed).toMatchObject({ price: proPrice, pricePeriod, perCardPrice: null });
    expect(cards.team).toMatchObject({ price: teamPrice, pricePeriod, perCardPrice: perCard });
  });

  // The operator's Stripe prices: yen have no minor unit, dollars keep their cents.
  const yen = priceListFrom((selection) => ({
    unitAmount: (selection.plan === 'team' ? selection.tier * 200 : 980) * (selection.period === 'year' ? 11 : 1),
    currency: 'JPY',
  }));
  const dollars = priceListFrom((selection) => ({
    unitAmount: (selection.plan === 'team' ? selection.tier * 150 : 599) * (selection.period === 'year' ? 10 : 1),
    currency: 'USD',
  }));
  it.each([
    ['yen', yen, 'month', 10, '¥980', '¥2,000', '¥200 per card / month'],
    ['yen', yen, 'year', 250, '¥10,780', '¥550,000', '¥2,200 per card / year'],
    ['dollars', dollars, 'month', 25, '$5.99', '$37.50', '$1.50 per card / month'],
    ['dollars', dollars, 'year', 100, '$59.90', '$1,500.00', '$15.00 per card / year'],
  ] as const)('in %s, %s, %s cards: Pro %s, Teams %s (%s)', (_currency, prices, period, teamSize, proPrice, teamPrice, perCard) => {
    const cards = byPlan({ prices, period, teamSize });
    expect(cards.subscribed).toMatchObject({ price: proPrice });
    expect(cards.team).toMatchObject({ price: teamPrice, perCardPrice: perCard });
  });

  it('unknown prices show no amount, and the trial without one', () => {
    const cards = byPlan({ prices: null });
    expect(cards.subscribed).toMatchObject({ price: unknownPrice, pricePeriod: '', footnote: '7-day free trial. Cancel anytime.' });
    expect(cards.team).toMatchObject({ price: unknownPrice, perCardPrice: null, footnote: '14-day free trial. Cancel anytime.' });
    expect(cards.basic).toMatchObject({ price: 'Free' });
  });

  it('Teams 251+ has no price: a quote', () => {
    expect(byPlan({ teamSize: '251+' }).team).toMatchObject({ price: 'Custom', perCardPrice: null, footnote: 'More than 250 cards: we make you an offer.' });
    expect(byPlan({ teamSize: '251+' }).team!.features[0]!.text).toBe('More than 250 cards');
  });

  it('card lines follow the plan\'s card allowance and the user\'s pricing model', () => {
    // Newer pricing model: "Basic lists 1 unique card ... Pro lists 2 digital cards".
    expect(byPlan().basic!.features[0]!.text).toBe('1 unique card');
    expect(byPlan().subscribed!.features[0]!.text).toBe('2 digital cards');
    expect(byPlan({ teamSize: 50 }).team!.features[0]!.text).toBe('Up to 50 cards');
    // A grandfathered account: "up to 10 cards for accounts not blocked"; on Pro already, "unlimited".
    expect(byPlan({ isAccountBlocked: false }).basic!.features[0]!.text).toBe('Up to 10 cards');
    expect(byPlan({ isAccountBlocked: false }).subscribed!.features[0]!.text).toBe('2 digital cards');
    expect(byPlan({ isAccountBlocked: false, currentPlan: 'subscribed' }).subscribed!.features[0]!.text).toBe('Unlimited digital cards');
  });

  it('offer the trial only when one is available, and the custom NFC card as an extra of every plan', () => {
    expect(byPlan().subscribed!.footnote).toBe('7-day free trial, then €4.99 / month. Cancel anytime.');
    expect(byPlan({ period: 'year', teamSize: 25 }).team!.footnote).toBe('14-day free trial, then €199.90 / year. Cancel anytime.');
    expect(byPlan({ isTrialAvailable: false }).subscribed!.footnote).toBe('€4.99 / month, billed from the first day. Cancel anytime.');
    expect(byPlan().basic!.hasCustomCardExtra).toBe(true);
    expect(byPlan().subscribed!.hasCustomCardExtra).toBe(true);
    expect(byPlan().team!.hasCustomCardExtra).toBe(true);
  });

  it('names the sizes', () => {
    expect(teamSizeLabel(10, english)).toBe('Up to 10 cards');
    expect(teamSizeLabel('251+', english)).toBe('More than 250 cards (251+)');
  });
});

describe('the plan cards in French', () => {
  const inFrench = (input: Partial<PlanCatalogInput> = {}) =>
    Object.fromEntries(planCards({ ...base, ...input }, french, formatsFor('fr', 'Europe/Paris')).map((card) => [card.plan, card]));
  const euros = (amount: number) => new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(amount);

  it('write prices as French does, per month or per year', () => {
    expect(inFrench().subscribed).toMatchObject({ price: euros(4.99), pricePeriod: '/ mois' });
    expect(inFrench({ period: 'year', teamSize: 10 }).team).toMatchObject({ price: euros(99.9), perCardPrice: `${euros(9.99)} par carte / an` });
    expect(inFrench().subscribed!.footnote).toBe(`Essai gratuit de 7 jours, puis ${euros(4.99)} / mois. Résiliable à tout moment.`);
    expect(inFrench().basic).toMatchObject({ title: 'Basic', price: 'Gratuit' });
  });

  it('keep the yen without decimals', () => {
    const yen = priceListFrom(() => ({ unitAmount: 980, currency: 'JPY' }));
    expect(inFrench({ prices: yen }).subscribed!.price).toBe(new Intl.NumberFormat('fr', { style: 'currency', currency: 'JPY' }).format(980));
  });

  it('translate every feature line', () => {
    for (const card of planCards(base, french, formatsFor('fr', 'UTC'))) {
      const englishLines = cardsOf(base).find((other) => other.plan === card.plan)!.features.map((line) => line.text);
      for (const [index, line] of card.features.entries()) expect(line.text, card.plan).not.toBe(englishLines[index]);
    }
  });
});
