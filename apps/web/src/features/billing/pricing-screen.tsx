import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import type { BillingStatus, CheckoutInput } from '@cardstack/shared/billing/schemas';
import { cardsKept, downgradeImpactsFor, downgradeWarning } from '@cardstack/shared/plans/downgrade';
import {
  downgradeDialogTexts,
  downgradeSuccessTexts,
  pricingModelChangeDialogTexts,
  pricingScreenTexts,
} from '@cardstack/shared/plans/plan-texts';
import { isUpgrade, planTitles, userPlans, type UserPlan } from '@cardstack/shared/plans/plans';
import { isTeamTier, teamSizes, type BillingPeriod, type TeamSize } from '@cardstack/shared/plans/prices';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { SelectList } from '../../components/ui/select-list';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { forgetCheckoutMemory, readCheckoutMemory, rememberCheckout, type CheckoutKind, type CheckoutMemory } from './checkout-memory';
import { useBillingStatus, useCancelAtPeriodEnd, useRefreshPlan, useStartCheckout } from './billing-api';
import { collapsedFeatureCount, planCards, teamSizeLabel, type PlanCardContent } from './plan-catalog';
import { nextAction, type CurrentPlan, type NextAction } from './pricing-actions';

const formatDay = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(iso));
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

/** Back from the provider's checkout: `?checkout=success|canceled`, and what was chosen before leaving. */
interface CheckoutReturn {
  result: 'success' | 'canceled';
  memory: CheckoutMemory | null;
}

type Dialog =
  | { kind: 'downgrade'; action: Extract<NextAction, { kind: 'downgrade' | 'downgrade-to-basic' }>; to: 'basic' | 'subscribed' }
  | { kind: 'pricing-model'; checkout: CheckoutInput }
  | { kind: 'downgraded'; message: string }
  | null;

export interface PricingScreenProps {
  /** h1 on /subscription, h2 inside the settings screen. */
  headingLevel: 'h1' | 'h2';
}

/**
 * The plan page of spec §2 ("Pricing screen"), at /subscription and at settings → pricing-plans. What Next
 * does is decided in pricing-actions.ts; this component shows the choice and carries it out.
 */
export function PricingScreen({ headingLevel: Heading }: PricingScreenProps) {
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
    if (returned?.memory?.kind === 'downgrade') setDialog({ kind: 'downgraded', message: `Your plan is now ${returned.memory.planTitle}.` });
  }, [isConfirming, hasArrived, refreshPlan, returned]);
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

  const cards = data
    ? planCards({
        period,
        teamSize,
        currentPlan: data.plan,
        isAccountBlocked: data.isAccountBlocked,
        isTrialAvailable: data.isTrialAvailable,
      })
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
      notify.alert(error instanceof ApiError ? error.message : 'The checkout could not be started. Please try again.');
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
          ? `You keep ${planTitles[updated.plan]} until ${formatDay(endsOn)}. Then your plan becomes ${planTitles.basic}.`
          : `Your plan is now ${planTitles.basic}.`,
      });
    } catch (error) {
      setDialog(null);
      notify.alert(error instanceof ApiError ? error.message : 'The plan could not be changed. Please try again.');
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
          {pricingScreenTexts.title}
        </Heading>
        <PeriodSwitch period={period} onChange={setPeriod} />
      </div>

      <CheckoutResult returned={returned} status={data} isConfirming={isConfirming} />

      {status.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the plans" />
        </div>
      ) : status.isError ? (
        <div role="alert" className="rounded-2xl bg-white p-6 text-center ring-1 ring-zinc-200">
          <p className="font-semibold">The plans could not be loaded.</p>
          <Button variant="secondary" className="mt-4" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <fieldset className="grid gap-4 md:grid-cols-3">
          <legend className="sr-only">Plans</legend>
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
          {pricingScreenTexts.skip}
        </Button>
        {action.kind === 'quote' ? (
          data?.enterpriseContactUrl ? (
            <a href={data.enterpriseContactUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')}>
              {pricingScreenTexts.getQuote}
            </a>
          ) : (
            <p className="text-sm text-zinc-700">
              {pricingScreenTexts.getQuote}: ask the team running this site for an offer for more than 250 cards.
            </p>
          )
        ) : (
          <Button onClick={() => void onNext()} disabled={action.kind === 'disabled' || status.isPending} isLoading={isBusy}>
            {pricingScreenTexts.next}
          </Button>
        )}
      </div>

      {dialog?.kind === 'downgrade' && data ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !isBusy && setDialog(null)}
          title={downgradeDialogTexts.title}
          cancelLabel={downgradeDialogTexts.cancel}
          confirmLabel={downgradeDialogTexts.confirm}
          isDanger
          isBusy={isBusy}
          onConfirm={() => void confirmDowngrade()}
        >
          <DowngradeImpacts from={dialog.action.from} to={dialog.to} status={data} />
        </ConfirmDialog>
      ) : null}

      {dialog?.kind === 'pricing-model' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !isBusy && setDialog(null)}
          title={pricingModelChangeDialogTexts.title}
          cancelLabel={pricingModelChangeDialogTexts.cancel}
          confirmLabel={pricingModelChangeDialogTexts.confirm}
          isBusy={isBusy}
          onConfirm={() => void goToCheckout(dialog.checkout, 'change')}
        >
          <p>
            {dialog.checkout.plan === 'team'
              ? `You switch to ${planTitles.team} for ${teamSizeLabel(dialog.checkout.size).toLowerCase()}, paid ${dialog.checkout.period === 'year' ? 'yearly' : 'monthly'}. Your current subscription ends when the new one starts.`
              : null}
          </p>
        </ConfirmDialog>
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

function PeriodSwitch({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const name = useId();
  const options: Array<[BillingPeriod, string]> = [
    ['month', pricingScreenTexts.payMonthly],
    ['year', pricingScreenTexts.payYearly],
  ];
  return (
    <div className="flex items-center gap-3">
      <fieldset className="inline-flex rounded-full bg-zinc-100 p-1">
        <legend className="sr-only">Billing period</legend>
        {options.map(([value, label]) => (
          <label
            key={value}
            className="cursor-pointer rounded-full px-4 py-1.5 text-sm font-medium text-zinc-700 has-checked:bg-white has-checked:text-zinc-900 has-checked:shadow has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
          >
            <input type="radio" name={name} value={value} checked={period === value} onChange={() => onChange(value)} className="sr-only" />
            {label}
          </label>
        ))}
      </fieldset>
      <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800">{pricingScreenTexts.yearlyNote}</span>
    </div>
  );
}

interface PlanCardProps {
  card: PlanCardContent;
  inputName: string;
  isSelected: boolean;
  isCurrent: boolean;
  endsOn: string | null;
  onSelect: () => void;
  teamSize: TeamSize;
  onTeamSizeChange: (size: TeamSize) => void;
}

function PlanCard({ card, inputName, isSelected, isCurrent, endsOn, onSelect, teamSize, onTeamSizeChange }: PlanCardProps) {
  const [isExpanded, setExpanded] = useState(false);
  const id = useId();
  const lines = isExpanded ? card.features : card.features.slice(0, collapsedFeatureCount);
  return (
    // The whole card selects the plan for a pointer; keyboard and screen readers use its radio button.
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      onClick={onSelect}
      className={`flex cursor-pointer flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ${isSelected ? 'ring-2 ring-brand-600' : 'ring-1 ring-zinc-200'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <label id={`${id}-title`} className="flex cursor-pointer items-center gap-2 text-lg font-semibold">
          <input
            type="radio"
            name={inputName}
            value={card.plan}
            checked={isSelected}
            onChange={onSelect}
            aria-describedby={`${id}-price`}
            className="h-4 w-4 accent-brand-600"
          />
          {card.title}
        </label>
        {isCurrent ? (
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700">{pricingScreenTexts.currentPlan}</span>
        ) : null}
      </div>
      <p className="text-sm text-zinc-700">{card.subtitle}</p>
      <div id={`${id}-price`}>
        <p>
          <span className="text-3xl font-bold">{card.price}</span> <span className="text-sm text-zinc-700">{card.pricePeriod}</span>
        </p>
        {card.perCardPrice ? <p className="text-sm text-zinc-700">{card.perCardPrice}</p> : null}
        {endsOn ? <p className="text-sm font-medium text-amber-800">Ends on {formatDay(endsOn)}</p> : null}
      </div>
      {card.plan === 'team' ? (
        <SelectList
          label="Team size"
          value={String(teamSize)}
          options={teamSizes.map((size) => ({ value: String(size), label: teamSizeLabel(size) }))}
          onValueChange={(value) => onTeamSizeChange(value === '251+' ? '251+' : (Number(value) as TeamSize))}
        />
      ) : null}
      <ul id={`${id}-features`} className="flex flex-col gap-1.5 text-sm">
        {lines.map((line) => (
          <li key={line.text} className="flex items-start gap-2">
            <span aria-hidden="true" className="text-brand-600">
              ✓
            </span>
            <span>
              {line.text}
              {line.isNew ? (
                <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{pricingScreenTexts.newBadge}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {card.features.length > collapsedFeatureCount ? (
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={`${id}-features`}
          onClick={(event) => {
            event.stopPropagation();
            setExpanded(!isExpanded);
          }}
          className="self-start text-sm font-semibold text-brand-700 hover:underline"
        >
          {isExpanded ? pricingScreenTexts.collapse : pricingScreenTexts.readMore}
        </button>
      ) : null}
      {card.extra ? <p className="rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-800">Optional extra: {card.extra}</p> : null}
      <p className="mt-auto text-xs text-zinc-600">{card.footnote}</p>
    </div>
  );
}

/** Spec §8 impact list for the move; the card line states the user's own allowance or is left out. */
function DowngradeImpacts({ from, to, status }: { from: UserPlan; to: 'basic' | 'subscribed'; status: BillingStatus }) {
  const kept = status.cardsKeptAfterDowngrade[to];
  const impacts = (downgradeImpactsFor(from, to) ?? []).flatMap((impact) =>
    impact.keptCards === undefined ? [impact] : kept === null ? [] : [cardsKept(kept)],
  );
  const endsOn = to === 'basic' ? status.subscription?.currentPeriodEnd : null;
  return (
    <>
      <p>{downgradeWarning}</p>
      <ul aria-label="What changes" className="mt-3 list-disc space-y-1 pl-5">
        {impacts.map((impact) => (
          <li key={impact.text}>{impact.text}</li>
        ))}
      </ul>
      {endsOn ? <p className="mt-3">This happens at the end of your billing period, on {formatDay(endsOn)}.</p> : null}
    </>
  );
}

function DowngradedDialog({ open, message, onGoToCards, onClose }: { open: boolean; message: string; onGoToCards: () => void; onClose: () => void }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold">{downgradeSuccessTexts.title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm text-zinc-700">{message}</RadixDialog.Description>
          <div className="mt-6 flex justify-end">
            <Button onClick={onGoToCards}>{downgradeSuccessTexts.goToCards}</Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function CheckoutResult({
  returned,
  status,
  isConfirming,
}: {
  returned: CheckoutReturn | null;
  status: BillingStatus | undefined;
  isConfirming: boolean;
}) {
  if (!returned) return null;
  const box = 'rounded-2xl p-4 text-sm ring-1';
  if (returned.result === 'canceled') {
    return (
      <p role="status" className={`${box} bg-zinc-50 ring-zinc-200`}>
        The checkout was cancelled. Your plan has not changed.
      </p>
    );
  }
  if (isConfirming) {
    return (
      <p role="status" className={`${box} flex items-center gap-3 bg-zinc-50 ring-zinc-200`}>
        <Spinner className="h-4 w-4" label="Confirming" /> Confirming your payment…
      </p>
    );
  }
  const expected = returned.memory ? planOfTitle(returned.memory.planTitle) : null;
  if (!status || (expected !== null && status.plan !== expected)) {
    return (
      <p role="status" className={`${box} bg-amber-50 ring-amber-200`}>
        Your payment is being processed. Your plan changes as soon as it is confirmed.
      </p>
    );
  }
  if (returned.memory?.kind === 'downgrade') return null;
  const trialEnd = status.subscription?.trialEnd;
  return (
    <p role="status" className={`${box} bg-emerald-50 ring-emerald-200`}>
      <strong>You are now on {returned.memory?.planTitle ?? planTitles[status.plan]}.</strong>
      {trialEnd && status.subscription?.status === 'trialing' ? ` Your free trial ends on ${formatDay(trialEnd)}.` : null}
    </p>
  );
}
