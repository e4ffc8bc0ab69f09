import type { Bucket } from '@cardstack/shared/insights/periods';

const numberFormat = new Intl.NumberFormat('en');

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "+20%", "−5%", "0%", or "new" when the previous period had nothing. */
export function formatChange(change: number | null, current: number): string {
  if (change === null) return current > 0 ? 'new' : '—';
  if (change > 0) return `+${change}%`;
  if (change < 0) return `−${Math.abs(change)}%`;
  return '0%';
}

export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value}%`;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A bucket as people read it: "24 Nov 2026" or "Nov 2026". */
export function formatBucket(bucket: string, kind: Bucket): string {
  const [year, month, day] = bucket.split('-');
  const name = monthNames[Number(month) - 1] ?? month;
  return kind === 'day' ? `${Number(day)} ${name} ${year}` : `${name} ${year}`;
}

/** A bucket as the chart's axis names it, short: "24 Nov" or "Nov 26". */
export function formatAxisBucket(bucket: string, kind: Bucket): string {
  const [year, month, day] = bucket.split('-');
  const name = monthNames[Number(month) - 1] ?? month;
  return kind === 'day' ? `${Number(day)} ${name}` : `${name} ${year?.slice(2)}`;
}

/** The UTC midnight of a bucket, in seconds (the chart's x axis). */
export function bucketTime(bucket: string): number {
  return Date.parse(`${bucket.length === 7 ? `${bucket}-01` : bucket}T00:00:00Z`) / 1000;
}
