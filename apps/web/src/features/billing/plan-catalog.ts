import { cardAllowanceText, isOnOrAfter, newPricingModelSince } from '@cardstack/shared/plans/card-limits';
import type { Feature } from '@cardstack/shared/plans/features';
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

/** One line of a plan card's feature list; `features` ties it to the feature table so the two cannot drift. */
interface PlanFeatureLine {
  text: string;
  features: readonly Feature[];
  /** Spec §2: "A 'New' badge marks Insights and Analytics and AI Scanner." */
  isNew?: boolean;
}

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
  features: PlanFeatureLine[];
  /** The optional extra of spec §2: ordering a custom NFC card. */
  extra: string | null;
  footnote: string;
}

/** How many feature lines show before "Read more". */
export const collapsedFeatureCount = 4;

const perPeriod = (period: BillingPeriod) => (period === 'year' ? '/ year' : '/ month');

const insights: PlanFeatureLine = { text: 'Insights and Analytics', features: ['analytics'], isNew: true };
const aiScanner: PlanFeatureLine = { text: 'AI Scanner', features: ['aiScanner'], isNew: true };
const sharing: PlanFeatureLine = { text: 'Share by link, QR code and NFC', features: ['qrCode'] };
const contacts: PlanFeatureLine = { text: 'Contacts and lead form', features: ['contacts', 'leadForm'] };
const proLines: PlanFeatureLine[] = [
  { text: 'Custom card design', features: ['design'] },
  { text: 'Widgets and attachments', features: ['widgets', 'attachments'] },
  { text: 'Apple Wallet and Google Wallet passes', features: ['appleWallet', 'googleWallet'] },
  { text: 'CSV export and Zapier', features: ['csvExport', 'zapier'] },
];

export interface PlanCatalogInput {
  period: BillingPeriod;
  teamSize: TeamSize;
  /** The user's plan and pricing model now; a plan bought today is on the newer model. */
  currentPlan: UserPlan;
  isAccountBlocked: boolean;
  isTrialAvailable: boolean;
  now?: Date;
}

/** The three plan cards of the pricing screen (spec §2 and §9). */
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
      features: [{ text: cardAllowanceText('basic', blockedOn('basic')), features: ['digitalCards'] }, insights, aiScanner, sharing, contacts],
      extra: null,
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
        insights,
        aiScanner,
        ...proLines,
        sharing,
        contacts,
      ],
      extra: 'Order a custom NFC card',
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
        insights,
        aiScanner,
        { text: 'User management and roles', features: ['userManagement', 'roles'] },
        { text: 'Team contacts', features: ['teamContacts'] },
        { text: 'Excel bulk import', features: ['bulkImport'] },
        { text: 'Everything in Pro', features: [...proLines.flatMap((line) => line.features), 'qrCode', 'contacts', 'leadForm'] },
      ],
      extra: 'Order custom NFC cards for your team',
      footnote: teamPrice ? trial('team', `${teamPrice} ${perPeriod(input.period)}`) : 'More than 250 cards: we make you an offer.',
    },
  ];
}

/** The Teams size options: "Sizes: 10, 25, 50, 100, 250, 251+". */
export function teamSizeLabel(size: TeamSize): string {
  return isTeamTier(size) ? `Up to ${size} cards` : 'More than 250 cards (251+)';
}
