import type { TeamUsage } from '@cardstack/shared/teams/schemas';

/** Seats (people) and cards against the Teams allowance. */
export function SeatUsage({ usage }: { usage: TeamUsage }) {
  const allowance = usage.allowance;
  const meters = [
    { label: 'Seats', used: usage.seatsUsed },
    { label: 'Cards', used: usage.cardsUsed },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {meters.map((meter) => (
        <div key={meter.label} className="rounded-xl bg-white p-4 ring-1 ring-zinc-200">
          <dt className="text-sm font-medium text-zinc-700">{meter.label}</dt>
          <dd className="mt-1">
            <span className="text-xl font-bold">{allowance === null ? meter.used : `${meter.used} of ${allowance}`}</span>
            <span className="ml-1 text-sm text-zinc-700">{allowance === null ? 'used (no limit)' : 'used'}</span>
            {allowance !== null ? (
              <meter
                className="mt-2 block h-2 w-full"
                min={0}
                max={allowance}
                value={Math.min(meter.used, allowance)}
                aria-label={`${meter.label} used`}
              />
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
