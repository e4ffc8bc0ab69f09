import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { deviceTypeLabels, insightMetricLabels, insightMetrics, type InsightMetric } from '@cardstack/shared/insights/metrics';
import type { InsightsResponse } from '@cardstack/shared/insights/schemas';
import { visitSourceLabels } from '@cardstack/shared/insights/sources';
import { SelectList } from '../../components/ui/select-list';
import { InsightsChart } from './insights-chart';
import { formatBucket, formatChange, formatCount, formatPercent } from './insights-format';
import { Breakdown, DataTable, SortableTable } from './insights-tables';

/* One period's insights: the tiles, the chart and the tables below it. */

export function DashboardBody({ data }: { data: InsightsResponse }) {
  const [chartMetric, setChartMetric] = useState<InsightMetric>('view');
  const isEmpty = insightMetrics.every((metric) => data.tiles[metric].current === 0 && data.tiles[metric].previous === 0);
  const chartData = useMemo(
    () => ({
      buckets: data.series.map((point) => point.bucket),
      current: data.series.map((point) => point.current[chartMetric]),
      previous: data.series.map((point) => point.previous[chartMetric]),
    }),
    [data.series, chartMetric],
  );

  if (data.cardOptions.length === 0) {
    return (
      <EmptyState title="No cards yet">
        Insights count what people do with your cards. <Link to="/" className="font-medium text-brand-700 underline">Create a card</Link>, share its
        link, QR code or NFC tag, and the numbers appear here.
      </EmptyState>
    );
  }

  return (
    <div className="mt-6 flex flex-col gap-8">
      <ul aria-label="Totals" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {insightMetrics.map((metric) => (
          <Tile key={metric} label={insightMetricLabels[metric]} value={formatCount(data.tiles[metric].current)} change={formatChange(data.tiles[metric].change, data.tiles[metric].current)} previous={formatCount(data.tiles[metric].previous)} />
        ))}
        <Tile label="Views to saves" value={formatPercent(data.conversion.toSave.current)} previous={formatPercent(data.conversion.toSave.previous)} />
        <Tile label="Views to leads" value={formatPercent(data.conversion.toLead.current)} previous={formatPercent(data.conversion.toLead.previous)} />
      </ul>

      {isEmpty ? (
        <EmptyState title="No visits in this period">
          Numbers appear here a few seconds after people open a card: share its link, QR code or NFC tag. Visits from
          search engines’ robots and link previews are not counted, and nobody is followed across days or sites.
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="chart-title" className="rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="chart-title" className="text-lg font-semibold">
                Over time ({data.period.bucket === 'day' ? 'by day' : 'by month'})
              </h2>
              <div className="w-56">
                <SelectList
                  label="Chart shows"
                  value={chartMetric}
                  options={insightMetrics.map((metric) => ({ value: metric, label: insightMetricLabels[metric] }))}
                  onValueChange={(value) => setChartMetric(value as InsightMetric)}
                />
              </div>
            </div>
            <div className="mt-4">
              <InsightsChart bucket={data.period.bucket} label={insightMetricLabels[chartMetric]} {...chartData} />
            </div>
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">The chart’s numbers as a table</summary>
              <DataTable
                caption={`${insightMetricLabels[chartMetric]} ${data.period.bucket === 'day' ? 'by day' : 'by month'}`}
                headers={[data.period.bucket === 'day' ? 'Day' : 'Month', 'This period', 'Previous period', 'Compared with']}
                rows={data.series.map((point) => [
                  formatBucket(point.bucket, data.period.bucket),
                  formatCount(point.current[chartMetric]),
                  formatCount(point.previous[chartMetric]),
                  formatBucket(point.previousBucket, data.period.bucket),
                ])}
              />
            </details>
          </section>

          <div className="grid gap-6 lg:grid-cols-2">
            <Breakdown
              title="Where visits came from"
              headers={['Source', 'Views', 'Unique visitors']}
              rows={data.sources.map((row) => ({ label: visitSourceLabels[row.source], value: row.views, extra: [formatCount(row.uniques)] }))}
              empty="No views in this period."
            />
            <Breakdown
              title="Devices"
              headers={['Device', 'Views']}
              rows={data.devices.map((row) => ({ label: deviceTypeLabels[row.device], value: row.views }))}
              empty="No views in this period."
            />
            <Breakdown
              title="Link clicks"
              headers={['Link', 'Clicks']}
              rows={data.links.map((row) => ({ label: data.cards.length > 1 ? `${row.cardLabel}: ${row.label}` : row.label, value: row.clicks }))}
              empty="No link was clicked in this period."
            />
            <Breakdown
              title="Referring sites"
              headers={['Site', 'Views']}
              rows={data.referrers.map((row) => ({ label: row.host, value: row.views }))}
              empty="No visits came from other sites in this period."
            />
            {data.countries.length > 0 ? (
              <Breakdown title="Countries" headers={['Country', 'Views']} rows={data.countries.map((row) => ({ label: row.country, value: row.views }))} empty="" />
            ) : null}
          </div>
        </>
      )}

      <SortableTable
        title={data.scope === 'team' ? 'Team cards' : 'Cards'}
        nameHeader="Card"
        rows={data.cards.map((card) => ({ id: card.cardId, name: data.scope === 'team' ? `${card.label} (${card.ownerName})` : card.label, counts: card.counts }))}
      />
      {data.members ? (
        <SortableTable
          title="Team members"
          nameHeader="Member"
          rows={data.members.map((member) => ({ id: member.userId, name: `${member.name} (${member.cards} ${member.cards === 1 ? 'card' : 'cards'})`, counts: member.counts }))}
        />
      ) : null}
    </div>
  );
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-6 rounded-2xl border border-dashed border-zinc-300 bg-white p-8 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mx-auto mt-2 max-w-xl text-sm text-zinc-700">{children}</p>
    </section>
  );
}

function Tile({ label, value, change, previous }: { label: string; value: string; change?: string; previous: string }) {
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <p className="text-sm font-medium text-zinc-700">{label}</p>
      <p className="mt-1 text-2xl font-bold text-zinc-900" data-testid={`tile-${label}`}>
        {value}
      </p>
      <p className="mt-1 text-xs text-zinc-700">
        {change ? <span className="font-semibold">{change} </span> : null}
        <span>previous period: {previous}</span>
      </p>
    </li>
  );
}
