import type { CheckoutInput } from '@cardstack/shared/billing/schemas';
import { isDowngrade, type UserPlan } from '@cardstack/shared/plans/plans';
import { isTeamTier, type BillingPeriod, type TeamSize, type TeamTier } from '@cardstack/shared/plans/prices';

/** What the person picked on the pricing screen. */
export interface PricingSelection {
  plan: UserPlan;
  period: BillingPeriod;
  teamSize: TeamSize;
}

/** What they have now. */
export interface CurrentPlan {
  plan: UserPlan;
  /** Null on Basic. */
  period: BillingPeriod | null;
  teamSize: TeamTier | null;
  /** A downgrade to Basic is already on its way. */
  isEnding: boolean;
}

/**
 * What Next does on the pricing screen:
 * - `disabled`: nothing selected (or still loading);
 * - `quote`: Teams 251+, Next gives way to Get a quote;
 * - `go-home`: "Choosing Basic while already Basic goes to /" (and the same for an unchanged paid plan);
 * - `downgrade-to-basic`: confirm with the impact list, then cancel at the end of the billing period;
 * - `downgrade`: a lower paid plan (Teams to Pro): confirm with the impact list, then checkout;
 * - `change-pricing-model`: a Teams user changing size or period confirms, then checkout;
 * - `checkout`: an upgrade or a new plan goes straight to the checkout.
 */
export type NextAction =
  | { kind: 'disabled' }
  | { kind: 'quote' }
  | { kind: 'go-home' }
  | { kind: 'downgrade-to-basic'; from: Exclude<UserPlan, 'basic'> }
  | { kind: 'downgrade'; from: 'team'; checkout: CheckoutInput }
  | { kind: 'change-pricing-model'; checkout: CheckoutInput }
  | { kind: 'checkout'; checkout: CheckoutInput };

function checkoutFor(selection: PricingSelection): CheckoutInput | null {
  if (selection.plan === 'subscribed') return { plan: 'subscribed', period: selection.period };
  if (selection.plan === 'team' && isTeamTier(selection.teamSize)) return { plan: 'team', period: selection.period, size: selection.teamSize };
  return null;
}

export function nextAction(current: CurrentPlan, selection: PricingSelection | null): NextAction {
  if (!selection) return { kind: 'disabled' };
  if (selection.plan === 'team' && !isTeamTier(selection.teamSize)) return { kind: 'quote' };
  if (selection.plan === 'basic') {
    if (current.plan === 'basic' || current.isEnding) return { kind: 'go-home' };
    return { kind: 'downgrade-to-basic', from: current.plan };
  }
  const checkout = checkoutFor(selection)!;
  const isUnchanged =
    selection.plan === current.plan &&
    selection.period === current.period &&
    (selection.plan !== 'team' || selection.teamSize === current.teamSize);
  // Choosing the plan one has again: nothing to buy, unless it is ending and they want to keep it.
  if (isUnchanged) return current.isEnding ? { kind: 'checkout', checkout } : { kind: 'go-home' };
  if (isDowngrade(current.plan, selection.plan)) return { kind: 'downgrade', from: 'team', checkout };
  if (current.plan === 'team' && selection.plan === 'team') return { kind: 'change-pricing-model', checkout };
  return { kind: 'checkout', checkout };
}
