import { basicCardAllowance, proCardAllowance } from '@cardstack/shared/plans/card-limits';
import type { DowngradeImpact } from '@cardstack/shared/plans/downgrade';
import { impactMessage, type PlanChangeMessageId } from '@cardstack/shared/i18n/plan-changes/catalogs';
import { planIncludes, type PlanIncludesLine } from '@cardstack/shared/plans/plan-includes';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import { isTeamTier, teamQuoteSize, teamTiers, type TeamSize, type TeamTier, type YearlySaving } from '@cardstack/shared/plans/prices';
import type { Translate } from '../../lib/i18n/messages';
import { isBillingMessageId, type BillingTranslate } from './messages';

/*
 * The plan texts that packages/shared writes in English (plans/card-limits.ts, plan-includes.ts, downgrade.ts,
 * prices.ts), in the app's language. A feature line or an impact line is keyed by the ids of the features it names
 * (`includes.csvExport+zapier`); one the catalog lacks (a feature group only partly built) stays in English.
 * plan-texts.test.ts holds the English catalog equal to the shared texts.
 */

/** The note beside the period switch: "2 months for free", "Save 15%". */
export function yearlySavingLabel(saving: YearlySaving, t: BillingTranslate): string {
  return saving.kind === 'months' ? t('savingMonths', { months: saving.months }) : t('savingPercent', { percent: saving.percent });
}

/** The card line of a plan card: "1 unique card", "Up to 10 cards", "2 digital cards", "Up to 25 cards". */
export function cardAllowanceLine(plan: UserPlan, isBlocked: boolean, t: BillingTranslate, teamTier: TeamTier = teamTiers[0]): string {
  switch (plan) {
    case 'basic':
      return isBlocked ? t('allowanceBasicBlocked', { count: basicCardAllowance.blocked }) : t('upToCards', { count: basicCardAllowance.notBlocked });
    case 'subscribed':
      return isBlocked ? t('allowanceProBlocked', { count: proCardAllowance }) : t('allowanceUnlimited');
    case 'team':
      return t('upToCards', { count: teamTier });
  }
}

const largestTier = teamTiers.at(-1)!;

/** The Teams size options: "Up to 10 cards" … "More than 250 cards (251+)". */
export function teamSizeLabel(size: TeamSize, t: BillingTranslate): string {
  return isTeamTier(size) ? t('upToCards', { count: size }) : t('moreThanCardsQuote', { count: largestTier, quoteSize: teamQuoteSize });
}

/** Teams beyond the largest size: "More than 250 cards". */
export const moreThanLargestTier = (t: BillingTranslate) => t('moreThanCards', { count: largestTier });

/** The quote footnote of Teams beyond the largest size. */
export const quoteFootnote = (t: BillingTranslate) => t('quoteFootnote', { count: largestTier });

function featureLineText(line: PlanIncludesLine, t: BillingTranslate): string {
  const id = `includes.${line.features.join('+')}`;
  return isBillingMessageId(id) ? t(id) : line.text;
}

/**
 * What a plan card lists besides its card line, translated. Teams ends with the line that sums up Pro
 * ("Everything in Pro"), whatever features it stands for.
 */
export function planIncludesLines(plan: UserPlan, t: BillingTranslate): PlanIncludesLine[] {
  const lines = planIncludes(plan);
  return lines.map((line, index) => ({
    ...line,
    text: plan === 'team' && index === lines.length - 1 ? t('includes.everythingInPro') : featureLineText(line, t),
  }));
}

/** One line of the downgrade dialog, as the person reads it (the plan change mail says it from the same catalog). */
export function impactText(impact: DowngradeImpact, t: Translate<PlanChangeMessageId>): string {
  const message = impactMessage(impact);
  return message ? t(message.id, message.values) : impact.text;
}
