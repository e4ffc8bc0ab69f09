/*
 * What the dashboard counts for each card and UTC day. Everything is a count: no visitor, address or cookie
 * is kept. "Unique visitors" are counted per card and day (a visitor is not recognised on another day), so a
 * period's unique visitors are the sum of its days'.
 */

/** The headline metrics, in the order the dashboard shows them. */
export const insightMetrics = ['view', 'unique', 'save', 'wallet', 'link', 'file', 'lead'] as const;
export type InsightMetric = (typeof insightMetrics)[number];

export const insightMetricLabels: Readonly<Record<InsightMetric, string>> = {
  view: 'Views',
  unique: 'Unique visitors',
  save: 'Contacts saved',
  wallet: 'Wallet adds',
  link: 'Link clicks',
  file: 'File downloads',
  lead: 'Leads',
};

/** Breakdown rows kept beside the metrics: the views by device type, referring host and country. */
export const insightBreakdowns = ['device', 'referrer', 'country'] as const;
export type InsightBreakdown = (typeof insightBreakdowns)[number];

export const deviceTypes = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof deviceTypes)[number];
export const deviceTypeLabels: Readonly<Record<DeviceType, string>> = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' };

/** What a visitor can do that is counted (unique visitors are derived from views). */
export type CountedMetric = Exclude<InsightMetric, 'unique'>;

/** A share in percent with one decimal, or null when there is nothing to divide by. */
export function conversionPercent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}
