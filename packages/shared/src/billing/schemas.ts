import { z } from 'zod';
import { userPlans } from '../plans/plans';
import { billingPeriods, teamQuoteSize, teamTiers } from '../plans/prices';
import { subscriptionStatuses } from '../plans/subscription-state';

const period = z.enum(billingPeriods, { message: 'Choose monthly or yearly payment' });
const teamSize = z.literal([...teamTiers, teamQuoteSize], { message: 'Choose a team size' });

/** Start a checkout for Pro, or Teams of a size. "251+" is accepted here and answered with "get a quote". */
export const checkoutInput = z.discriminatedUnion(
  'plan',
  [
    z.object({ plan: z.literal('subscribed'), period }),
    z.object({ plan: z.literal('team'), period, size: teamSize }),
  ],
  { message: 'Choose Pro or Teams' },
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
  /** Cents, as the provider reports it. */
  unitAmount: z.number().int(),
  /** Euros: "unit amount times quantity divided by 100". */
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
  /** Which provider takes payments: the built-in test checkout or Stripe. */
  provider: z.enum(['local', 'stripe']),
});
export type BillingStatus = z.infer<typeof billingStatus>;
