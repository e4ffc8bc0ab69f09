import { addDays, addMonths, type Bucket } from '@cardstack/shared/insights/periods';
import { firstHourOfDayIn, firstHourOfUtcDay } from '@cardstack/shared/insights/time-zones';
import type { HourWindow } from './insights-repository';

/*
 * The viewer's days and months from UTC rollups. The daily and monthly tables hold UTC days and months; a day (or
 * month) in the viewer's zone is the UTC one of the same date, plus the hours it starts earlier (a zone east of
 * UTC: the last hours of the UTC day before) and minus the hours it starts later (west of UTC: the first hours of
 * the UTC day, which belong to the viewer's day before) — and likewise at its end. Those hours are read from the
 * hourly table: a window of at most 14 hours at each edge. Counts from before the hourly table have no hours, so
 * they stay on their UTC day, as they were recorded.
 */

/** A window of hours and where its counts go: added to one bucket, taken from another (null: outside the buckets). */
export interface BucketWindow extends HourWindow {
  add: string | null;
  subtract: string | null;
}

const firstDayOf = (label: string, bucket: Bucket) => (bucket === 'day' ? label : `${label}-01`);
const nextOf = (label: string, bucket: Bucket) => (bucket === 'day' ? addDays(label, 1) : addMonths(label, 1));

/**
 * The windows at every edge of consecutive buckets (days, or months as YYYY-MM) in the zone; none in UTC. Each
 * window's hours are in one UTC bucket and one of the viewer's, so its sums move from the one to the other.
 */
export function edgeWindows(buckets: readonly string[], bucket: Bucket, timeZone: string): BucketWindow[] {
  if (buckets.length === 0) return [];
  const labels = [...buckets, nextOf(buckets.at(-1)!, bucket)];
  const windows: BucketWindow[] = [];
  for (let index = 0; index < labels.length; index += 1) {
    const firstDay = firstDayOf(labels[index]!, bucket);
    const local = firstHourOfDayIn(firstDay, timeZone);
    const utc = firstHourOfUtcDay(firstDay);
    if (local === utc) continue;
    const here = index < buckets.length ? buckets[index]! : null;
    const before = index > 0 ? buckets[index - 1]! : null;
    // East of UTC the viewer's bucket starts before the UTC one: its first hours are in the UTC bucket before.
    const window = local < utc ? { from: local, to: utc, add: here, subtract: before } : { from: utc, to: local, add: before, subtract: here };
    if (window.add !== null || window.subtract !== null) windows.push({ id: windows.length, ...window });
  }
  return windows;
}

/** The windows that change a whole period's totals (its first and last edge), with the sign of each. */
export function periodEdgeWindows(buckets: readonly string[], bucket: Bucket, timeZone: string): (HourWindow & { sign: 1 | -1 })[] {
  return edgeWindows(buckets, bucket, timeZone)
    .filter((window) => (window.add === null) !== (window.subtract === null))
    .map((window, id) => ({ id, from: window.from, to: window.to, sign: window.add === null ? -1 : 1 }));
}
