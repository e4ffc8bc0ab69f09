import { z } from 'zod';
import { keyed } from '../i18n/keyed';
import { userPlans } from '../plans/plans';
import { billingPeriods, currencyCode, priceList, teamQuoteSize, teamTiers } from '../plans/prices';
import { subscriptionStatuses } from '../plans/subscription-state';

const period = z.enum(billingPeriods, { message: keyed('choosePaymentPeriod') });
const teamSize = z.literal([...teamTiers, teamQuoteSize], { message: keyed('chooseTeamSize') });

/** Start a checkout for Pro, or Teams of a size. "251+" is accepted here and answered with "get a quote". */
export const checkoutInput = z.discriminatedUnion(
  'plan',
  [
    z.object({ plan: z.literal('subscribed'), period }),
    z.object({ plan: z.literal('team'), period, size: teamSize }),
  ],
  { message: keyed('choosePlan') },
);
export type CheckoutInput = z.infer<typeof checkoutInput>;

/** Where the browser goes next: the provider's checkout or portal page. */
export const redirectResponse = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponse>;

export const subscriptionSummary = z.object({
  plan: z.enum(['subscribed', 'team']),
  period: z.enum(billingPeriods),
  /** The Teams size (card allowance of the tier); null on Pro. */
  size: z.number().int().nullable(),
  status: z.enum(subscriptionStatuses),
  quantity: z.number().int(),
  /** In the currency's minor units (cents; yen have none), as the provider reports it. */
  unitAmount: z.number().int(),
  /** The currency of `unitAmount`: the price's, as the provider's price list gives it. */
  currency: currencyCode,
  /** In major units (euros, yen): the unit amount times the quantity, divided by the currency's minor units. */
  displayedPrice: z.number(),
  createdAt: z.string(),
  currentPeriodEnd: z.string(),
  /** When the free trial ends; null without a trial. */
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

export const billingStatus = z.object({
  plan: z.enum(userPlans),
  subscription: subscriptionSummary.nullable(),
  /** A free trial is given with a first subscription only. */
  isTrialAvailable: z.boolean(),
  /**
   * Which provider takes payments: the built-in test checkout or Stripe; `none` when the server sells nothing
   * (BILLING_PROVIDER=none: every account has every feature, the pricing screens say so).
   */
  provider: z.enum(['local', 'stripe', 'none']),
  /** The newer pricing model (account or subscription dated 2024-09-11 or later): decides the plans' card lines. */
  isAccountBlocked: z.boolean(),
  cardCount: z.number().int(),
  /**
   * How many cards a downgrade to each lower plan keeps active; null when every card stays active (a
   * grandfathered account within its allowance), so the downgrade dialog leaves out the card line.
   */
  cardsKeptAfterDowngrade: z.object({ basic: z.number().int().nullable(), subscribed: z.number().int().nullable() }),
  /** Where "Get a quote" leads (Teams with more than 250 cards); null when the operator set none. */
  enterpriseContactUrl: z.string().nullable(),
});
export type BillingStatus = z.infer<typeof billingStatus>;

/**
 * GET /api/billing/prices: what each plan, period and Teams size costs. `builtIn` with BILLING_PROVIDER=test or
 * none; `provider` with Stripe, from the prices the billing module last read; `prices` is null when the provider's
 * prices were never read (Stripe unreachable since the start), and the pricing page says so instead of guessing.
 */
export const billingPricesResponse = z.object({
  source: z.enum(['built-in', 'provider']),
  prices: priceList.nullable(),
  /** When the provider's prices were read; null for the built-in list. */
  readAt: z.string().nullable(),
});
export type BillingPricesResponse = z.infer<typeof billingPricesResponse>;

/** The plan's card limit and which cards it blocks, for the signed-in user's own cards. */
export const cardAccessResponse = z.object({
  /** How many cards stay active; null when no limit applies. */
  maxActiveCards: z.number().int().nullable(),
  isAccountBlocked: z.boolean(),
  isOverridden: z.boolean(),
  activeCardIds: z.array(z.string()),
  /** Listed as blocked; their public pages show the inactive page. */
  blockedCardIds: z.array(z.string()),
  canCreateCard: z.boolean(),
});
export type CardAccessResponse = z.infer<typeof cardAccessResponse>;

/** Browser tests only: move the billing clock forward so a trial or a billing period ends. */
export const testClockInput = z.object({
  days: z
    .number({ message: keyed('clockDaysRequired') })
    .int(keyed('clockWholeDays'))
    .min(1, keyed('clockAtLeastOneDay'))
    .max(3660, keyed('clockAtMostTenYears')),
});
export type TestClockInput = z.infer<typeof testClockInput>;
export const testClockResponse = z.object({ now: z.string() });
