import { describe, expect, it } from 'vitest';
import { nextAction, type CurrentPlan, type PricingSelection } from './pricing-actions';

const basic: CurrentPlan = { plan: 'basic', period: null, teamSize: null, isEnding: false };
const proMonthly: CurrentPlan = { plan: 'subscribed', period: 'month', teamSize: null, isEnding: false };
const teams25Yearly: CurrentPlan = { plan: 'team', period: 'year', teamSize: 25, isEnding: false };
const pick = (plan: PricingSelection['plan'], period: PricingSelection['period'] = 'month', teamSize: PricingSelection['teamSize'] = 10): PricingSelection => ({
  plan,
  period,
  teamSize,
});

describe('what Next does on the pricing screen', () => {
  it.each([
    ['nothing selected', basic, null, { kind: 'disabled' }],
    // "when the 251+ tier is selected (then Get a quote is shown)"
    ['Teams 251+', basic, pick('team', 'month', '251+'), { kind: 'quote' }],
    ['Teams 251+ for a Teams user', teams25Yearly, pick('team', 'year', '251+'), { kind: 'quote' }],
    // "Choosing Basic while already Basic goes to /."
    ['Basic while Basic', basic, pick('basic'), { kind: 'go-home' }],
    ['Pro while Basic', basic, pick('subscribed', 'year'), { kind: 'checkout', checkout: { plan: 'subscribed', period: 'year' } }],
    ['Teams while Basic', basic, pick('team', 'month', 50), { kind: 'checkout', checkout: { plan: 'team', period: 'month', size: 50 } }],
    ['Teams while Pro', proMonthly, pick('team', 'month', 10), { kind: 'checkout', checkout: { plan: 'team', period: 'month', size: 10 } }],
    ['Pro yearly while Pro monthly', proMonthly, pick('subscribed', 'year'), { kind: 'checkout', checkout: { plan: 'subscribed', period: 'year' } }],
    ['the same Pro plan', proMonthly, pick('subscribed', 'month'), { kind: 'go-home' }],
    // "Choosing a lower plan is a downgrade and needs confirmation. Downgrade to Basic cancels at the end"
    ['Basic while Pro', proMonthly, pick('basic'), { kind: 'downgrade-to-basic', from: 'subscribed' }],
    ['Basic while Teams', teams25Yearly, pick('basic'), { kind: 'downgrade-to-basic', from: 'team' }],
    ['Pro while Teams', teams25Yearly, pick('subscribed', 'year'), { kind: 'downgrade', from: 'team', checkout: { plan: 'subscribed', period: 'year' } }],
    // "A Teams user changing size or period triggers the pricing-model change confirmation."
    ['a Teams user changing size', teams25Yearly, pick('team', 'year', 50), { kind: 'change-pricing-model', checkout: { plan: 'team', period: 'year', size: 50 } }],
    ['a Teams user changing period', teams25Yearly, pick('team', 'month', 25), { kind: 'change-pricing-model', checkout: { plan: 'team', period: 'month', size: 25 } }],
    ['a Teams user keeping size and period', teams25Yearly, pick('team', 'year', 25), { kind: 'go-home' }],
  ] as const)('%s', (_case, current, selection, expected) => {
    expect(nextAction(current, selection)).toEqual(expected);
  });

  it('a plan already ending: Basic changes nothing more, choosing it again keeps it through a checkout', () => {
    const ending: CurrentPlan = { ...proMonthly, isEnding: true };
    expect(nextAction(ending, pick('basic'))).toEqual({ kind: 'go-home' });
    expect(nextAction(ending, pick('subscribed', 'month'))).toEqual({ kind: 'checkout', checkout: { plan: 'subscribed', period: 'month' } });
  });
});
