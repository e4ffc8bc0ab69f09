import { Readable } from 'node:stream';
import { csvByteOrderMark, csvRow } from '@cardstack/shared/contacts/csv';
import { deviceTypeLabels, insightMetricLabels, insightMetrics } from '@cardstack/shared/insights/metrics';
import type { InsightsResponse } from '@cardstack/shared/insights/schemas';
import { visitSourceLabels } from '@cardstack/shared/insights/sources';

/** The CSV's columns: one long table that a spreadsheet can filter and pivot. */
export const insightsCsvHeader = ['Section', 'Item', 'Metric', 'Value', 'Previous period'] as const;

/** The rows of the dashboard as it is shown (the same period, scope and card), one at a time. */
function* csvLines(view: InsightsResponse): Generator<string> {
  const { period } = view;
  yield csvByteOrderMark + csvRow([...insightsCsvHeader]);
  yield csvRow(['Period', `${period.from} – ${period.to}`, 'Compared with', `${period.previousFrom} – ${period.previousTo}`, '']);
  yield csvRow(['Time zone', period.timeZone, '', '', '']);
  for (const metric of insightMetrics) {
    const tile = view.tiles[metric];
    yield csvRow(['Totals', 'All', insightMetricLabels[metric], String(tile.current), String(tile.previous)]);
  }
  const percent = (value: number | null) => (value === null ? '' : `${value}%`);
  yield csvRow(['Conversion', 'View to save', 'Percent', percent(view.conversion.toSave.current), percent(view.conversion.toSave.previous)]);
  yield csvRow(['Conversion', 'View to lead', 'Percent', percent(view.conversion.toLead.current), percent(view.conversion.toLead.previous)]);
  for (const point of view.series) {
    for (const metric of insightMetrics) {
      yield csvRow([period.bucket === 'day' ? 'Day' : 'Month', point.bucket, insightMetricLabels[metric], String(point.current[metric]), String(point.previous[metric])]);
    }
  }
  for (const row of view.sources) {
    yield csvRow(['Source', visitSourceLabels[row.source], 'Views', String(row.views), '']);
    yield csvRow(['Source', visitSourceLabels[row.source], 'Unique visitors', String(row.uniques), '']);
  }
  for (const row of view.devices) yield csvRow(['Device', deviceTypeLabels[row.device], 'Views', String(row.views), '']);
  for (const row of view.referrers) yield csvRow(['Referring site', row.host, 'Views', String(row.views), '']);
  for (const row of view.countries) yield csvRow(['Country', row.country, 'Views', String(row.views), '']);
  for (const row of view.links) yield csvRow(['Link', `${row.cardLabel}: ${row.label}`, 'Link clicks', String(row.clicks), '']);
  for (const card of view.cards) {
    for (const metric of insightMetrics) yield csvRow(['Card', card.label, insightMetricLabels[metric], String(card.counts[metric]), '']);
  }
  for (const member of view.members ?? []) {
    for (const metric of insightMetrics) yield csvRow(['Member', member.name, insightMetricLabels[metric], String(member.counts[metric]), '']);
  }
}

/** The CSV as a stream: rows are written as the response drains, not built into one string first. */
export function insightsCsvStream(view: InsightsResponse): Readable {
  return Readable.from(csvLines(view), { objectMode: false });
}

export function insightsCsvFileName(view: InsightsResponse): string {
  return `insights-${view.period.from}-${view.period.to}.csv`;
}
