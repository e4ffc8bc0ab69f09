import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { BillingStatus, CheckoutInput } from '@cardstack/shared/billing/schemas';
import { isUpgrade, planTitles, userPlans, type UserPlan } from '@cardstack/shared/plans/plans';
import { isTeamTier, teamSizes, yearlySaving, type BillingPeriod, type TeamSize } from '@cardstack/shared/plans/prices';
import { Button, buttonClass } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/i18n/format';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useRefreshPlan } from './api/billing-keys';
import { useBillingPrices } from './api/billing-prices';
import { useBillingStatus } from './api/billing-status';
import { useCancelAtPeriodEnd } from './api/cancel-at-period-end';
import { useStartCheckout } from './api/start-checkout';
import { forgetCheckoutMemory, readCheckoutMemory, rememberCheckout, type CheckoutKind, type CheckoutMemory } from './checkout-memory';
import { CheckoutResult, type CheckoutReturn } from './components/checkout-result';
import { DowngradeDialog } from './components/downgrade-dialog';
import { DowngradedDialog } from './components/downgraded-dialog';
import { PeriodSwitch } from './components/period-switch';
import { PlanCard } from './components/plan-card';
import { PricingModelDialog } from './components/pricing-model-dialog';
import { longDay } from './long-day';
import { billingMessages } from './messages';
import { planCards, quoteFormPath } from './plan-catalog';
import { yearlySavingLabel } from './plan-texts';
import { nextAction, type CurrentPlan, type NextAction } from './pricing-actions';

const planOfTitle = (title: string): UserPlan | null => userPlans.find((plan) => planTitles[plan] === title) ?? null;
/** How long the screen waits for the provider to confirm a checkout (Stripe reports it by webhook). */
const confirmTimeoutMs = 20_000;

function currentPlanOf(status: BillingStatus): CurrentPlan {
  const size = status.subscription?.size;
  return {
    plan: status.plan,
    period: status.subscription?.period ?? null,
    teamSize: isTeamTier(size) ? size : null,
    isEnding: status.subscription?.cancelAtPeriodEnd ?? false,
  };
}

type Dialog =
  | { kind: 'downgrade'; action: Extract<NextAction, { kind: 'downgrade' | 'downgrade-to-basic' }>; to: 'basic' | 'subscribed' }
  | { kind: 'pricing-model'; checkout: CheckoutInput }
  | { kind: 'downgraded'; message: string }
  | null;

interface PricingScreenProps {
  /** h1 on /subscription, h2 inside the settings screen. */
  headingLevel: 'h1' | 'h2';
}

/**
 * The pricing screen, at /subscription and at settings → pricing-plans. What Next
 * does is decided in pricing-actions.ts; this component shows the choice and carries it out.
 */
export function PricingScreen({ headingLevel: Heading }: PricingScreenProps) {
  const t = useMessages(billingMessages);
  const format = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const titleId = useId();
  const planInputName = useId();
  const checkoutResult = params.get('checkout');
  const [returned] = useState<CheckoutReturn | null>(() =>
    checkoutResult === 'success' || checkoutResult === 'canceled' ? { result: checkoutResult, memory: readCheckoutMemory() } : null,
  );
  const [isConfirming, setConfirming] = useState(returned?.result === 'success');
  const status = useBillingStatus({ refetchInterval: isConfirming ? 1500 : false });
  const priceAnswer = useBillingPrices();
  const refreshPlan = useRefreshPlan();
  const startCheckout = useStartCheckout();
  const cancelAtPeriodEnd = useCancelAtPeriodEnd();

  const [chosenPeriod, setPeriod] = useState<BillingPeriod | null>(null);
  const [chosenTeamSize, setTeamSize] = useState<TeamSize | null>(null);
  const [selectedPlan, setSelectedPlan] = useState<UserPlan | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  useEffect(() => {
    if (returned) forgetCheckoutMemory();
  }, [returned]);

  // After a checkout, wait until the provider has reported the new plan, then let the rest of the app know.
  const expectedPlan = returned?.memory ? planOfTitle(returned.memory.planTitle) : null;
  const hasArrived = status.data !== undefined && (expectedPlan === null || status.data.plan === expectedPlan);
  useEffect(() => {
    if (!isConfirming || !hasArrived) return;
    setConfirming(false);
    void refreshPlan();
    if (returned?.memory?.kind === 'downgrade') setDialog({ kind: 'downgraded', message: t('planIsNow', { plan: returned.memory.planTitle }) });
  }, [isConfirming, hasArrived, refreshPlan, returned, t]);
  useEffect(() => {
    if (!isConfirming) return;
    const timer = setTimeout(() => setConfirming(false), confirmTimeoutMs);
    return () => clearTimeout(timer);
  }, [isConfirming]);

  const data = status.data;
  const current = data ? currentPlanOf(data) : null;
  const period = chosenPeriod ?? data?.subscription?.period ?? 'month';
  const teamSize = chosenTeamSize ?? current?.teamSize ?? teamSizes[0]!;
  const action: NextAction =
    current && !isConfirming ? nextAction(current, selectedPlan ? { plan: selectedPlan, period, teamSize } : null) : { kind: 'disabled' };
  const isBusy = startCheckout.isPending || cancelAtPeriodEnd.isPending;

  // Unknown prices (never read from the provider, or the request failed) show no amount rather than a wrong one.
  const prices = priceAnswer.data?.prices ?? null;
  const arePricesUnknown = !priceAnswer.isPending && prices === null;
  const saving = prices ? yearlySaving(prices) : null;
  const cards = data && !priceAnswer.isPending
    ? planCards(
        {
          prices,
          period,
          teamSize,
          currentPlan: data.plan,
          isAccountBlocked: data.isAccountBlocked,
          isTrialAvailable: data.isTrialAvailable,
        },
        t,
        format,
      )
    : [];

  async function goToCheckout(input: CheckoutInput, kind: CheckoutKind) {
    const memory: CheckoutMemory = { planTitle: planTitles[input.plan], kind };
    rememberCheckout(memory);
    try {
      const { url } = await startCheckout.mutateAsync(input);
      window.location.assign(url);
    } catch (error) {
      forgetCheckoutMemory();
      setDialog(null);
      notify.alert(error instanceof ApiError ? error.message : t('checkoutNotStarted'));
    }
  }

  function onNext() {
    switch (action.kind) {
      case 'go-home':
        return navigate('/');
      case 'checkout':
        return goToCheckout(action.checkout, current && isUpgrade(current.plan, action.checkout.plan) ? 'upgrade' : 'change');
      case 'change-pricing-model':
        return setDialog({ kind: 'pricing-model', checkout: action.checkout });
      case 'downgrade-to-basic':
        return setDialog({ kind: 'downgrade', action, to: 'basic' });
      case 'downgrade':
        return setDialog({ kind: 'downgrade', action, to: 'subscribed' });
      default:
        return undefined;
    }
  }

  async function confirmDowngrade() {
    if (dialog?.kind !== 'downgrade') return;
    if (dialog.action.kind === 'downgrade') return goToCheckout(dialog.action.checkout, 'downgrade');
    try {
      const updated = await cancelAtPeriodEnd.mutateAsync();
      const endsOn = updated.subscription?.currentPeriodEnd;
      setSelectedPlan(null);
      setDialog({
        kind: 'downgraded',
        message: endsOn
          ? t('keepPlanUntil', { plan: planTitles[updated.plan], day: format.date(endsOn, longDay), basic: planTitles.basic })
          : t('planIsNow', { plan: planTitles.basic }),
      });
    } catch (error) {
      setDialog(null);
      notify.alert(error instanceof ApiError ? error.message : t('planNotChanged'));
    }
  }

  function skip() {
    // "Skip (goes back one page)"; opened directly, there is no page to go back to.
    if (location.key === 'default') navigate('/');
    else navigate(-1);
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <Heading id={titleId} className="text-2xl font-bold">
          {t('title')}
        </Heading>
        <PeriodSwitch period={period} onChange={setPeriod} yearlyNote={saving ? yearlySavingLabel(saving, t) : null} />
      </div>

      {arePricesUnknown ? (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('pricesUnavailable')}
        </p>
      ) : null}

      <CheckoutResult returned={returned} expectedPlan={expectedPlan} status={data} isConfirming={isConfirming} />

      {status.isPending || priceAnswer.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('loadingPlans')} />
        </div>
      ) : status.isError ? (
        <LoadError message={t('plansNotLoaded')} onRetry={() => void status.refetch()} />
      ) : (
        <fieldset className="grid gap-4 md:grid-cols-3">
          <legend className="sr-only">{t('plans')}</legend>
          {cards.map((card) => (
            <PlanCard
              key={card.plan}
              card={card}
              inputName={planInputName}
              isSelected={selectedPlan === card.plan}
              isCurrent={data?.plan === card.plan}
              endsOn={data?.plan === card.plan && data.subscription?.cancelAtPeriodEnd ? data.subscription.currentPeriodEnd : null}
              onSelect={() => setSelectedPlan(card.plan)}
              teamSize={teamSize}
              teamSizeOptions={teamSizes}
              onTeamSizeChange={(size) => {
                setTeamSize(size);
                setSelectedPlan('team');
              }}
            />
          ))}
        </fieldset>
      )}

      <div className="flex flex-wrap items-center justify-end gap-3">
        <Button variant="secondary" onClick={skip}>
          {t('skip')}
        </Button>
        {action.kind === 'quote' ? (
          data?.enterpriseContactUrl ? (
            <a href={data.enterpriseContactUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')}>
              {t('getQuote')}
            </a>
          ) : (
            // Without an external form, the built-in quote form.
            <Link to={quoteFormPath} className={buttonClass('primary')}>
              {t('getQuote')}
            </Link>
          )
        ) : (
          <Button onClick={() => void onNext()} disabled={action.kind === 'disabled' || status.isPending} isLoading={isBusy}>
            {t('next')}
          </Button>
        )}
      </div>

      {dialog?.kind === 'downgrade' && data ? (
        <DowngradeDialog
          from={dialog.action.from}
          to={dialog.to}
          status={data}
          isBusy={isBusy}
          onCancel={() => setDialog(null)}
          onConfirm={() => void confirmDowngrade()}
        />
      ) : null}

      {dialog?.kind === 'pricing-model' ? (
        <PricingModelDialog
          checkout={dialog.checkout}
          isBusy={isBusy}
          onCancel={() => setDialog(null)}
          onConfirm={() => void goToCheckout(dialog.checkout, 'change')}
        />
      ) : null}

      <DowngradedDialog
        open={dialog?.kind === 'downgraded'}
        message={dialog?.kind === 'downgraded' ? dialog.message : ''}
        onGoToCards={() => navigate('/')}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}
