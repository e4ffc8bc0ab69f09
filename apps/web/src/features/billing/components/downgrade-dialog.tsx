import type { BillingStatus } from '@cardstack/shared/billing/schemas';
import { downgradeImpactsShown } from '@cardstack/shared/plans/downgrade';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { longDay } from '../long-day';
import { billingMessages, planChangeMessages } from '../messages';
import { impactText } from '../plan-texts';
import { PlanChangeDialog, type PlanChangeQuestionProps } from './plan-change-dialog';

/** Asks before a move to a smaller plan, listing what the person loses with it. */
export function DowngradeDialog({
  from,
  to,
  status,
  ...question
}: PlanChangeQuestionProps & { from: UserPlan; to: 'basic' | 'subscribed'; status: BillingStatus }) {
  const t = useMessages(billingMessages);
  const lineIn = useMessages(planChangeMessages);
  const format = useFormat();
  // The card line states the user's own allowance, or is left out when every card stays active.
  const impacts = downgradeImpactsShown(from, to, status.cardsKeptAfterDowngrade[to]).map((impact) => impactText(impact, lineIn));
  const endsOn = to === 'basic' ? status.subscription?.currentPeriodEnd : null;
  return (
    <PlanChangeDialog
      texts={{ title: t('downgradeTitle'), cancel: t('downgradeCancel'), confirm: t('downgradeConfirm') }}
      isDanger
      {...question}
    >
      <p>{t('downgradeWarning')}</p>
      <ul aria-label={t('whatChanges')} className="mt-3 list-disc space-y-1 ps-5">
        {impacts.map((impact) => (
          <li key={impact}>{impact}</li>
        ))}
      </ul>
      {endsOn ? <p className="mt-3">{t('downgradeHappensOn', { day: format.date(endsOn, longDay) })}</p> : null}
    </PlanChangeDialog>
  );
}
