import { cardAllowanceText, isOnOrAfter, newPricingModelSince } from '@cardstack/shared/plans/card-limits';
import { planIncludes, type PlanIncludesLine } from '@cardstack/shared/plans/plan-includes';
import { planTitles, type UserPlan } from '@cardstack/shared/plans/plans';
import {
  formatPrice,
  isTeamTier,
  perCardPrice,
  priceIn,
  teamTiers,
  trialDays,
  type BillingPeriod,
  type PriceList,
  type TeamSize,
} from '@cardstack/shared/plans/prices';

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
  extra: string | null;
  footnote: string;
}

export const customNfcCardExtra = 'Order a custom NFC card';
/** Where the extra and (without an external quote form) Teams' "Get a quote" lead. */
export const customDesignFormPath = '/custom-design-form';
export const quoteFormPath = '/custom-design-form?request=quote';

/** How many feature lines show before "Read more". */
export const collapsedFeatureCount = 4;

const perPeriod = (period: BillingPeriod) => (period === 'year' ? '/ year' : '/ month');

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

/** The three plan cards of the pricing screen (Basic, Pro, Teams), with their prices and feature lists. */
export function planCards(input: PlanCatalogInput): PlanCardContent[] {
  const isNewModelToday = isOnOrAfter(input.now ?? new Date(), newPricingModelSince);
  const blockedOn = (plan: UserPlan) => (plan === input.currentPlan ? input.isAccountBlocked : plan === 'basic' ? input.isAccountBlocked : isNewModelToday);
  const trial = (plan: 'subscribed' | 'team', priceText: string | null) =>
    priceText === null
      ? input.isTrialAvailable
        ? `${trialDays[plan]}-day free trial. Cancel anytime.`
        : 'Billed from the first day. Cancel anytime.'
      : input.isTrialAvailable
        ? `${trialDays[plan]}-day free trial, then ${priceText}. Cancel anytime.`
        : `${priceText}, billed from the first day. Cancel anytime.`;

  const { prices, period } = input;
  const proPrice = prices ? formatPrice(priceIn(prices, { plan: 'subscribed', period })) : null;
  const tier = isTeamTier(input.teamSize) ? input.teamSize : null;
  const teamPrice = tier && prices ? formatPrice(priceIn(prices, { plan: 'team', period, tier })) : null;
  const withPeriod = (text: string | null) => (text === null ? null : `${text} ${perPeriod(period)}`);

  return [
    {
      plan: 'basic',
      title: planTitles.basic,
      subtitle: 'For your first digital business card',
      price: 'Free',
      pricePeriod: '',
      perCardPrice: null,
      features: [{ text: cardAllowanceText('basic', blockedOn('basic')), features: ['digitalCards'] }, ...planIncludes('basic')],
      extra: customNfcCardExtra,
      footnote: 'Free forever. No payment details needed.',
    },
    {
      plan: 'subscribed',
      title: planTitles.subscribed,
      subtitle: 'For professionals who want to stand out',
      price: proPrice ?? unknownPrice,
      pricePeriod: proPrice ? perPeriod(period) : '',
      perCardPrice: null,
      features: [
        { text: cardAllowanceText('subscribed', blockedOn('subscribed')), features: ['digitalCards'] },
        ...planIncludes('subscribed'),
      ],
      extra: customNfcCardExtra,
      footnote: trial('subscribed', withPeriod(proPrice)),
    },
    {
      plan: 'team',
      title: planTitles.team,
      subtitle: 'For teams and companies',
      price: tier ? (teamPrice ?? unknownPrice) : 'Custom',
      pricePeriod: teamPrice ? perPeriod(period) : '',
      perCardPrice: tier && prices ? `${formatPrice(perCardPrice(prices, period, tier))} per card ${perPeriod(period)}` : null,
      features: [
        { text: tier ? cardAllowanceText('team', true, tier) : `More than ${teamTiers.at(-1)} cards`, features: ['digitalCards', 'teamCards'] },
        ...planIncludes('team'),
      ],
      extra: customNfcCardExtra,
      footnote: tier ? trial('team', withPeriod(teamPrice)) : 'More than 250 cards: we make you an offer.',
    },
  ];
}

/** The Teams size options: "Sizes: 10, 25, 50, 100, 250, 251+". */
export function teamSizeLabel(size: TeamSize): string {
  return isTeamTier(size) ? `Up to ${size} cards` : 'More than 250 cards (251+)';
}
