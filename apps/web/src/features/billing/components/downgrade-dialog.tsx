import type { BillingStatus } from '@cardstack/shared/billing/schemas';
import { downgradeImpactsShown, downgradeWarning } from '@cardstack/shared/plans/downgrade';
import { downgradeDialogTexts } from '@cardstack/shared/plans/plan-texts';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import { formatDay } from '../format-day';
import { PlanChangeDialog, type PlanChangeQuestionProps } from './plan-change-dialog';

/** Asks before a move to a smaller plan, listing what the person loses with it. */
export function DowngradeDialog({
  from,
  to,
  status,
  ...question
}: PlanChangeQuestionProps & { from: UserPlan; to: 'basic' | 'subscribed'; status: BillingStatus }) {
  return (
    <PlanChangeDialog texts={downgradeDialogTexts} isDanger {...question}>
      <DowngradeImpacts from={from} to={to} status={status} />
    </PlanChangeDialog>
  );
}

/** What the move locks, erases or resets; the card line states the user's own allowance or is left out. */
function DowngradeImpacts({ from, to, status }: { from: UserPlan; to: 'basic' | 'subscribed'; status: BillingStatus }) {
  const impacts = downgradeImpactsShown(from, to, status.cardsKeptAfterDowngrade[to]);
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
