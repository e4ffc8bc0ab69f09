import type { TeamUsage } from '@cardstack/shared/teams/schemas';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { teamMessages } from '../messages';

/** Seats (people) and cards against the Teams allowance. */
export function SeatUsage({ usage }: { usage: TeamUsage }) {
  const t = useMessages(teamMessages);
  const format = useFormat();
  const allowance = usage.allowance;
  const meters = [
    { key: 'seats', label: t('seats'), usedLabel: t('seatsUsed'), used: usage.seatsUsed },
    { key: 'cards', label: t('cards'), usedLabel: t('cardsUsed'), used: usage.cardsUsed },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {meters.map((meter) => (
        <div key={meter.key} className="rounded-xl bg-white p-4 ring-1 ring-zinc-200">
          <dt className="text-sm font-medium text-zinc-700">{meter.label}</dt>
          <dd className="mt-1">
            <span className="text-xl font-bold">{allowance === null ? format.number(meter.used) : t('usedOfAllowance', { used: meter.used, allowance })}</span>
            <span className="ms-1 text-sm text-zinc-700">{allowance === null ? t('usedWithoutLimit') : t('used')}</span>
            {allowance !== null ? (
              <meter className="mt-2 block h-2 w-full" min={0} max={allowance} value={Math.min(meter.used, allowance)} aria-label={meter.usedLabel} />
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
