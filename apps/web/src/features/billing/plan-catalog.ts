import { isOnOrAfter, newPricingModelSince } from '@cardstack/shared/plans/card-limits';
import type { PlanIncludesLine } from '@cardstack/shared/plans/plan-includes';
import { planTitles, type UserPlan } from '@cardstack/shared/plans/plans';
import { isTeamTier, perCardPrice, priceIn, trialDays, type BillingPeriod, type Price, type PriceList, type TeamSize } from '@cardstack/shared/plans/prices';
import type { Formats } from '../../lib/i18n/format';
import type { BillingTranslate } from './messages';
import { cardAllowanceLine, moreThanLargestTier, planIncludesLines, quoteFootnote } from './plan-texts';

export interface PlanCardContent {
  plan: UserPlan;
  title: string;
  subtitle: string;
  /** "€4.99", "¥980", "Free", "Custom"; "–" while the provider's prices are unknown. */
  price: string;
  /** "/ month", "/ year", or empty. */
  pricePeriod: string;
  /** Teams only: "€1.00 per card / month". */
  perCardPrice: string | null;
  /** The card allowance line, then what the plan includes (the shared list the dialogs and the server gates follow). */
  features: PlanIncludesLine[];
  /** The optional extra: ordering a custom printed NFC card (the card links to the custom design form). */
  hasCustomCardExtra: boolean;
  footnote: string;
}

/** Where the extra and (without an external quote form) Teams' "Get a quote" lead. */
export const customDesignFormPath = '/custom-design-form';
export const quoteFormPath = '/custom-design-form?request=quote';

/** How many feature lines show before "Read more". */
export const collapsedFeatureCount = 4;

export interface PlanCatalogInput {
  period: BillingPeriod;
  teamSize: TeamSize;
  /** The user's plan and pricing model now; a plan bought today is on the newer model. */
  currentPlan: UserPlan;
  isAccountBlocked: boolean;
  isTrialAvailable: boolean;
  /** The prices in force (GET /api/billing/prices); null when the provider's prices are unknown. */
  prices: PriceList | null;
  now?: Date;
}

/** Shown in place of an amount while the provider's prices are unknown (the screen says why). */
export const unknownPrice = '–';

/**
 * The three plan cards of the pricing screen (Basic, Pro, Teams), with their prices and feature lists, in the
 * app's language (`t`) and its way of writing amounts (`format`: each currency with its own decimals).
 */
export function planCards(input: PlanCatalogInput, t: BillingTranslate, format: Pick<Formats, 'price'>): PlanCardContent[] {
  const isNewModelToday = isOnOrAfter(input.now ?? new Date(), newPricingModelSince);
  const blockedOn = (plan: UserPlan) => (plan === input.currentPlan ? input.isAccountBlocked : plan === 'basic' ? input.isAccountBlocked : isNewModelToday);
  const { prices, period } = input;
  const isYearly = period === 'year';
  const perPeriod = t(isYearly ? 'perYear' : 'perMonth');
  const written = (price: Price) => format.price(price.unitAmount, price.currency);
  const trial = (plan: 'subscribed' | 'team', price: string | null) => {
    const days = trialDays[plan];
    if (price === null) return input.isTrialAvailable ? t('trial', { days }) : t('billedFromFirstDay');
    return input.isTrialAvailable
      ? t(isYearly ? 'trialThenPerYear' : 'trialThenPerMonth', { days, price })
      : t(isYearly ? 'billedPerYearFromFirstDay' : 'billedPerMonthFromFirstDay', { price });
  };

  const proPrice = prices ? written(priceIn(prices, { plan: 'subscribed', period })) : null;
  const tier = isTeamTier(input.teamSize) ? input.teamSize : null;
  const teamPrice = tier && prices ? written(priceIn(prices, { plan: 'team', period, tier })) : null;

  return [
    {
      plan: 'basic',
      title: planTitles.basic,
      subtitle: t('basicSubtitle'),
      price: t('free'),
      pricePeriod: '',
      perCardPrice: null,
      features: [{ text: cardAllowanceLine('basic', blockedOn('basic'), t), features: ['digitalCards'] }, ...planIncludesLines('basic', t)],
      hasCustomCardExtra: true,
      footnote: t('basicFootnote'),
    },
    {
      plan: 'subscribed',
      title: planTitles.subscribed,
      subtitle: t('proSubtitle'),
      price: proPrice ?? unknownPrice,
      pricePeriod: proPrice ? perPeriod : '',
      perCardPrice: null,
      features: [
        { text: cardAllowanceLine('subscribed', blockedOn('subscribed'), t), features: ['digitalCards'] },
        ...planIncludesLines('subscribed', t),
      ],
      hasCustomCardExtra: true,
      footnote: trial('subscribed', proPrice),
    },
    {
      plan: 'team',
      title: planTitles.team,
      subtitle: t('teamSubtitle'),
      price: tier ? (teamPrice ?? unknownPrice) : t('custom'),
      pricePeriod: teamPrice ? perPeriod : '',
      perCardPrice: tier && prices ? t(isYearly ? 'perCardPerYear' : 'perCardPerMonth', { price: written(perCardPrice(prices, period, tier)) }) : null,
      features: [
        { text: tier ? cardAllowanceLine('team', true, t, tier) : moreThanLargestTier(t), features: ['digitalCards', 'teamCards'] },
        ...planIncludesLines('team', t),
      ],
      hasCustomCardExtra: true,
      footnote: tier ? trial('team', teamPrice) : quoteFootnote(t),
    },
  ];
}
