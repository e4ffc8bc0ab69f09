import { cardAllowanceText, isOnOrAfter, newPricingModelSince } from '@cardstack/shared/plans/card-limits';
import { planIncludes, type PlanIncludesLine } from '@cardstack/shared/plans/plan-includes';
import { planTitles, type UserPlan } from '@cardstack/shared/plans/plans';
import {
  formatEuros,
  isTeamTier,
  perCardPriceCents,
  priceCents,
  proPriceCents,
  teamTiers,
  trialDays,
  type BillingPeriod,
  type TeamSize,
} from '@cardstack/shared/plans/prices';

export interface PlanCardContent {
  plan: UserPlan;
  title: string;
  subtitle: string;
  /** "€4.99", "Free", "Custom". */
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
  now?: Date;
}

/** The three plan cards of the pricing screen (Basic, Pro, Teams), with their prices and feature lists. */
export function planCards(input: PlanCatalogInput): PlanCardContent[] {
  const isNewModelToday = isOnOrAfter(input.now ?? new Date(), newPricingModelSince);
  const blockedOn = (plan: UserPlan) => (plan === input.currentPlan ? input.isAccountBlocked : plan === 'basic' ? input.isAccountBlocked : isNewModelToday);
  const trial = (plan: 'subscribed' | 'team', priceText: string) =>
    input.isTrialAvailable
      ? `${trialDays[plan]}-day free trial, then ${priceText}. Cancel anytime.`
      : `${priceText}, billed from the first day. Cancel anytime.`;

  const proPrice = formatEuros(proPriceCents[input.period]);
  const tier = isTeamTier(input.teamSize) ? input.teamSize : null;
  const teamPrice = tier ? formatEuros(priceCents({ plan: 'team', period: input.period, tier })) : null;

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
      price: proPrice,
      pricePeriod: perPeriod(input.period),
      perCardPrice: null,
      features: [
        { text: cardAllowanceText('subscribed', blockedOn('subscribed')), features: ['digitalCards'] },
        ...planIncludes('subscribed'),
      ],
      extra: customNfcCardExtra,
      footnote: trial('subscribed', `${proPrice} ${perPeriod(input.period)}`),
    },
    {
      plan: 'team',
      title: planTitles.team,
      subtitle: 'For teams and companies',
      price: teamPrice ?? 'Custom',
      pricePeriod: teamPrice ? perPeriod(input.period) : '',
      perCardPrice: tier ? `${formatEuros(perCardPriceCents(input.period, tier))} per card ${perPeriod(input.period)}` : null,
      features: [
        { text: tier ? cardAllowanceText('team', true, tier) : `More than ${teamTiers.at(-1)} cards`, features: ['digitalCards', 'teamCards'] },
        ...planIncludes('team'),
      ],
      extra: customNfcCardExtra,
      footnote: teamPrice ? trial('team', `${teamPrice} ${perPeriod(input.period)}`) : 'More than 250 cards: we make you an offer.',
    },
  ];
}

/** The Teams size options: "Sizes: 10, 25, 50, 100, 250, 251+". */
export function teamSizeLabel(size: TeamSize): string {
  return isTeamTier(size) ? `Up to ${size} cards` : 'More than 250 cards (251+)';
}
