import type { DeviceType, InsightMetric } from '@cardstack/shared/insights/metrics';
import type { Bucket, PeriodPreset } from '@cardstack/shared/insights/periods';
import type { VisitSource } from '@cardstack/shared/insights/sources';
import type { Formats } from '../../lib/i18n/format';
import type { InsightsMessageId } from './messages';

/*
 * The dashboard's names and numbers in the app's language. The names' English is the shared label maps'
 * (insightMetricLabels, deviceTypeLabels, visitSourceLabels, periodPresetLabels), kept equal by a test.
 */

export const metricMessages: Readonly<Record<InsightMetric, InsightsMessageId>> = {
  view: 'metricView',
  unique: 'metricUnique',
  save: 'metricSave',
  wallet: 'metricWallet',
  link: 'metricLink',
  file: 'metricFile',
  lead: 'metricLead',
};

export const deviceMessages: Readonly<Record<DeviceType, InsightsMessageId>> = { mobile: 'deviceMobile', tablet: 'deviceTablet', desktop: 'deviceDesktop' };

export const sourceMessages: Readonly<Record<VisitSource, InsightsMessageId>> = {
  qr: 'sourceQr',
  nfc: 'sourceNfc',
  wallet: 'sourceWallet',
  email: 'sourceEmail',
  link: 'sourceLink',
  site: 'sourceSite',
  direct: 'sourceDirect',
};

export const periodMessages: Readonly<Record<PeriodPreset, InsightsMessageId>> = {
  '7d': 'period7d',
  '30d': 'period30d',
  '90d': 'period90d',
  '12m': 'period12m',
  custom: 'periodCustom',
};

/** "+20%", "−5%", "0%" (as the language writes a percentage), `newLabel` when the previous period had nothing. */
export function formatChange(change: number | null, current: number, format: Formats, newLabel: string): string {
  if (change === null) return current > 0 ? newLabel : '—';
  // A true minus sign (−) where the language's format has a hyphen-minus.
  return format.number(change / 100, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 }).replace('-', '−');
}

/** A share with its one decimal: "12.5%"; "—" when there was nothing to divide by. */
export function formatPercent(value: number | null, format: Formats): string {
  return value === null ? '—' : format.number(value / 100, { style: 'percent', maximumFractionDigits: 1 });
}

/** The UTC midnight of a bucket, in seconds (the chart's x axis). */
export function bucketTime(bucket: string): number {
  return Date.parse(`${bucket.length === 7 ? `${bucket}-01` : bucket}T00:00:00Z`) / 1000;
}

/*
 * A bucket is a calendar day (YYYY-MM-DD) or month (YYYY-MM), already counted in the viewer's time zone by the
 * server: it is written as that day, from its UTC midnight read in UTC, so no time zone moves it to another day.
 */
const asCalendarDay = { timeZone: 'UTC' } as const;

/** A bucket as people read it: "Nov 24, 2026" or "Nov 2026" in English. */
export function formatBucket(bucket: string, kind: Bucket, format: Formats): string {
  const options: Intl.DateTimeFormatOptions = kind === 'day' ? { dateStyle: 'medium' } : { month: 'short', year: 'numeric' };
  return format.date(bucketTime(bucket) * 1000, { ...options, ...asCalendarDay });
}

/** A bucket as the chart's axis names it, short: "Nov 24" or "Nov 26" in English. */
export function formatAxisBucket(bucket: string, kind: Bucket, format: Formats): string {
  const options: Intl.DateTimeFormatOptions = kind === 'day' ? { day: 'numeric', month: 'short' } : { month: 'short', year: '2-digit' };
  return format.date(bucketTime(bucket) * 1000, { ...options, ...asCalendarDay });
}
