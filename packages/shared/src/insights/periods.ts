import { keyed, type KeyedMessage } from '../i18n/keyed';

/*
 * The dashboard's periods, in UTC days (YYYY-MM-DD). A period ends today (or on the chosen day) and is compared
 * with the period of the same length just before it. Periods up to 92 days are shown day by day; longer ones
 * by calendar month, and snap to whole months (the first month from its first day, the last up to its last day
 * or today), so a year's numbers are read from monthly totals.
 */

export const periodPresets = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

export const periodPresetLabels: Readonly<Record<PeriodPreset, string>> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  custom: 'Custom',
};

/** The longest period shown day by day. */
export const maxDailyPeriodDays = 92;
/** The longest custom period (five years of months). */
export const maxPeriodDays = 5 * 366;

export type Bucket = 'day' | 'month';

export interface DayRange {
  from: string;
  to: string;
}

export interface ResolvedPeriod extends DayRange {
  previous: DayRange;
  bucket: Bucket;
  /** Every bucket of the period in order (days, or months as YYYY-MM). */
  buckets: string[];
  /** The previous period's buckets, in the same order (index i compares with the current period's i). */
  previousBuckets: string[];
}

const dayMs = 86_400_000;

export function toDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function dayTime(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

export function addDays(day: string, days: number): string {
  return toDay(new Date(dayTime(day) + days * dayMs));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((dayTime(to) - dayTime(from)) / dayMs) + 1;
}

export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function addMonths(month: string, months: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function lastDayOfMonth(month: string): string {
  return addDays(`${addMonths(month, 1)}-01`, -1);
}

function dayList(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

function monthList(fromMonth: string, toMonth: string): string[] {
  const months: string[] = [];
  for (let month = fromMonth; month <= toMonth; month = addMonths(month, 1)) months.push(month);
  return months;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayTime(value)) && toDay(new Date(dayTime(value))) === value;

/** Why a custom range cannot be used, or null when it can. */
export function customRangeProblem(from: string | undefined, to: string | undefined, today: string): KeyedMessage | null {
  if (!from || !to) return keyed('periodDaysRequired');
  if (!isDay(from) || !isDay(to)) return keyed('periodDaysFormat');
  if (from > to) return keyed('periodOrder');
  if (to > today) return keyed('periodEndsAfterToday');
  if (daysBetween(from, to) > maxPeriodDays) return keyed('periodTooLong');
  return null;
}

/**
 * The days a preset (or a custom range, already checked with `customRangeProblem`) covers, the period before it
 * and how it is bucketed.
 */
export function resolvePeriod(preset: PeriodPreset, today: string, custom?: DayRange): ResolvedPeriod {
  let range: DayRange;
  if (preset === 'custom') {
    if (!custom) throw new Error('A custom period needs its days.');
    range = custom;
  } else if (preset === '12m') {
    range = { from: `${addMonths(monthOf(today), -11)}-01`, to: today };
  } else {
    const days = { '7d': 7, '30d': 30, '90d': 90 }[preset];
    range = { from: addDays(today, -(days - 1)), to: today };
  }
  const length = daysBetween(range.from, range.to);
  if (length <= maxDailyPeriodDays) {
    const previous = { from: addDays(range.from, -length), to: addDays(range.from, -1) };
    return { ...range, previous, bucket: 'day', buckets: dayList(range), previousBuckets: dayList(previous) };
  }
  // By month: whole months, the last one up to its end or today.
  const fromMonth = monthOf(range.from);
  const toMonth = monthOf(range.to);
  const lastDay = lastDayOfMonth(toMonth) < today ? lastDayOfMonth(toMonth) : today;
  const buckets = monthList(fromMonth, toMonth);
  const previousFromMonth = addMonths(fromMonth, -buckets.length);
  const previousToMonth = addMonths(fromMonth, -1);
  return {
    from: `${fromMonth}-01`,
    to: lastDay,
    previous: { from: `${previousFromMonth}-01`, to: lastDayOfMonth(previousToMonth) },
    bucket: 'month',
    buckets,
    previousBuckets: monthList(previousFromMonth, previousToMonth),
  };
}

/**
 * The change from the previous period in percent, rounded to whole percent; null when the previous period had
 * nothing (no percentage of zero exists: the screen says "new").
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
