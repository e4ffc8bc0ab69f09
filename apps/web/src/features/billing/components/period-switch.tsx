import { useId } from 'react';
import type { BillingPeriod } from '@cardstack/shared/plans/prices';
import { useMessages } from '../../../lib/i18n/messages';
import { billingMessages } from '../messages';

/**
 * Pay monthly or yearly: the prices on the plan cards follow it. `yearlyNote` is the saving computed from the
 * prices ("2 months for free"); null when there is none to claim (or the prices are unknown).
 */
export function PeriodSwitch({
  period,
  onChange,
  yearlyNote,
}: {
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  yearlyNote: string | null;
}) {
  const t = useMessages(billingMessages);
  const name = useId();
  const options: Array<[BillingPeriod, string]> = [
    ['month', t('payMonthly')],
    ['year', t('payYearly')],
  ];
  return (
    <div className="flex items-center gap-3">
      <fieldset className="inline-flex rounded-full bg-zinc-100 p-1">
        <legend className="sr-only">{t('billingPeriod')}</legend>
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
      {yearlyNote ? <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800">{yearlyNote}</span> : null}
    </div>
  );
}
