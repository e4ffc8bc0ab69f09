import { beforeAll, describe, expect, it } from 'vitest';
import { locales } from '@cardstack/shared/i18n/locales';
import { planChangeCatalogs } from '@cardstack/shared/i18n/plan-changes/catalogs';
import { createTranslations } from '@cardstack/shared/i18n/translations';
import { cardAllowanceText } from '@cardstack/shared/plans/card-limits';
import { cardsKept, downgradeImpacts, downgradeMoves, downgradeWarning } from '@cardstack/shared/plans/downgrade';
import { planIncludes } from '@cardstack/shared/plans/plan-includes';
import { downgradeDialogTexts, downgradeSuccessTexts, pricingModelChangeDialogTexts, pricingScreenTexts } from '@cardstack/shared/plans/plan-texts';
import { userPlans } from '@cardstack/shared/plans/plans';
import { teamTiers, yearlySavingText, type YearlySaving } from '@cardstack/shared/plans/prices';
import { billingTranslator } from './billing-translator';
import type { BillingMessageId, BillingTranslate } from './messages';
import { cardAllowanceLine, impactText, planIncludesLines, yearlySavingLabel } from './plan-texts';

/*
 * The SPA's billing catalog translates texts that packages/shared writes in English (the plans' feature lines,
 * the downgrade lines the server also stores and mails, the pricing screen's fixed texts). Its English must stay
 * those texts word for word, or the pricing screen would drift from the spec and from the server.
 */

/** The downgrade lines' catalog (shared with the plan change mail), as the server compiles it. */
const linesIn = createTranslations(planChangeCatalogs);

let t: BillingTranslate;
beforeAll(async () => {
  t = await billingTranslator('en');
});

describe('the English billing catalog', () => {
  it('says the pricing screen’s and the plan dialogs’ texts as packages/shared does', () => {
    const shared: Array<[BillingMessageId, string]> = [
      ['title', pricingScreenTexts.title],
      ['payMonthly', pricingScreenTexts.payMonthly],
      ['payYearly', pricingScreenTexts.payYearly],
      ['pricesUnavailable', pricingScreenTexts.pricesUnavailable],
      ['currentPlan', pricingScreenTexts.currentPlan],
      ['getQuote', pricingScreenTexts.getQuote],
      ['readMore', pricingScreenTexts.readMore],
      ['collapse', pricingScreenTexts.collapse],
      ['newBadge', pricingScreenTexts.newBadge],
      ['skip', pricingScreenTexts.skip],
      ['next', pricingScreenTexts.next],
      ['downgradeTitle', downgradeDialogTexts.title],
      ['downgradeCancel', downgradeDialogTexts.cancel],
      ['downgradeConfirm', downgradeDialogTexts.confirm],
      ['pricingModelTitle', pricingModelChangeDialogTexts.title],
      ['pricingModelCancel', pricingModelChangeDialogTexts.cancel],
      ['pricingModelConfirm', pricingModelChangeDialogTexts.confirm],
      ['downgradedTitle', downgradeSuccessTexts.title],
      ['goToCards', downgradeSuccessTexts.goToCards],
      ['downgradeWarning', downgradeWarning],
    ];
    for (const [id, text] of shared) expect(t(id), id).toBe(text);
  });

  it.each<YearlySaving>([
    { kind: 'months', months: 1 },
    { kind: 'months', months: 2 },
    { kind: 'percent', percent: 15 },
  ])('names the yearly saving %o as prices.ts does', (saving) => {
    expect(yearlySavingLabel(saving, t)).toBe(yearlySavingText(saving));
  });

  it('states every plan’s card allowance as card-limits.ts does', () => {
    for (const plan of userPlans) {
      for (const isBlocked of [true, false]) {
        for (const tier of teamTiers) expect(cardAllowanceLine(plan, isBlocked, t, tier)).toBe(cardAllowanceText(plan, isBlocked, tier));
      }
    }
  });

  it('lists what each plan includes as plan-includes.ts does', () => {
    for (const plan of userPlans) {
      expect(planIncludesLines(plan, t)).toEqual(planIncludes(plan));
    }
  });

  it('says every downgrade line as downgrade.ts does', () => {
    for (const move of downgradeMoves) {
      for (const impact of downgradeImpacts[move]) expect(impactText(impact, linesIn('en'))).toBe(impact.text);
    }
    for (const count of [0, 1, 2, 5, 250]) expect(impactText(cardsKept(count), linesIn('en'))).toBe(cardsKept(count).text);
  });
});

describe.each(locales.filter((locale) => locale !== 'en'))('the %s billing catalog', (locale) => {
  let translated: BillingTranslate;
  beforeAll(async () => {
    translated = await billingTranslator(locale);
  });

  it('has its own words for every feature line and downgrade line (none falls back to English)', () => {
    for (const plan of userPlans) {
      const english = planIncludes(plan);
      for (const [index, line] of planIncludesLines(plan, translated).entries()) expect(line.text, line.features.join('+')).not.toBe(english[index]!.text);
    }
    for (const move of downgradeMoves) {
      for (const impact of downgradeImpacts[move]) expect(impactText(impact, linesIn(locale)), impact.text).not.toBe(impact.text);
    }
  });
});
