import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { insightMetricLabels, insightMetrics, type InsightMetric } from '@cardstack/shared/insights/metrics';
import type { InsightsResponse } from '@cardstack/shared/insights/schemas';
import { SelectList } from '../../components/ui/select-list';
import { useFormat } from '../../lib/i18n/format';
import { useMessages } from '../../lib/i18n/messages';
import { richText } from '../../lib/i18n/rich-text';
import { InsightsChart } from './insights-chart';
import { deviceMessages, formatBucket, formatChange, formatPercent, metricMessages, sourceMessages } from './insights-format';
import { Breakdown, DataTable, SortableTable } from './insights-tables';
import { insightsMessages } from './messages';

/* One period's insights: the tiles, the chart and the tables below it. */

export function DashboardBody({ data }: { data: InsightsResponse }) {
  const t = useMessages(insightsMessages);
  const format = useFormat();
  const count = (value: number) => format.number(value);
  const isByDay = data.period.bucket === 'day';
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
      <EmptyState title={t('noCardsTitle')}>
        {richText(t('noCardsText'), {
          create: (text) => (
            <Link to="/" className="font-medium text-brand-700 underline">
              {text}
            </Link>
          ),
        })}
      </EmptyState>
    );
  }

  return (
    <div className="mt-6 flex flex-col gap-8">
      <ul aria-label={t('totals')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {insightMetrics.map((metric) => (
          <Tile
            key={metric}
            testId={insightMetricLabels[metric]}
            label={t(metricMessages[metric])}
            value={count(data.tiles[metric].current)}
            change={formatChange(data.tiles[metric].change, data.tiles[metric].current, format, t('changeNew'))}
            previous={t('previousValue', { value: count(data.tiles[metric].previous) })}
          />
        ))}
        <Tile
          testId="Views to saves"
          label={t('viewsToSaves')}
          value={formatPercent(data.conversion.toSave.current, format)}
          previous={t('previousValue', { value: formatPercent(data.conversion.toSave.previous, format) })}
        />
        <Tile
          testId="Views to leads"
          label={t('viewsToLeads')}
          value={formatPercent(data.conversion.toLead.current, format)}
          previous={t('previousValue', { value: formatPercent(data.conversion.toLead.previous, format) })}
        />
      </ul>

      {isEmpty ? (
        <EmptyState title={t('noVisitsTitle')}>{t('noVisitsText')}</EmptyState>
      ) : (
        <>
          <section aria-labelledby="chart-title" className="rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="chart-title" className="text-lg font-semibold">
                {isByDay ? t('overTimeByDay') : t('overTimeByMonth')}
              </h2>
              <div className="w-56">
                <SelectList
                  label={t('chartShows')}
                  value={chartMetric}
                  options={insightMetrics.map((metric) => ({ value: metric, label: t(metricMessages[metric]) }))}
                  onValueChange={(value) => setChartMetric(value as InsightMetric)}
                />
              </div>
            </div>
            <div className="mt-4">
              <InsightsChart
                bucket={data.period.bucket}
                bucketLabel={isByDay ? t('columnDay') : t('columnMonth')}
                currentLabel={t('chartThisPeriod', { metric: t(metricMessages[chartMetric]) })}
                previousLabel={t('chartPreviousPeriod', { metric: t(metricMessages[chartMetric]) })}
                {...chartData}
              />
            </div>
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">{t('chartTable')}</summary>
              <DataTable
                caption={t(isByDay ? 'tableByDay' : 'tableByMonth', { metric: t(metricMessages[chartMetric]) })}
                headers={[isByDay ? t('columnDay') : t('columnMonth'), t('columnThisPeriod'), t('columnPreviousPeriod'), t('columnComparedWith')]}
                rows={data.series.map((point) => [
                  formatBucket(point.bucket, data.period.bucket, format),
                  count(point.current[chartMetric]),
                  count(point.previous[chartMetric]),
                  formatBucket(point.previousBucket, data.period.bucket, format),
                ])}
              />
            </details>
          </section>

          <div className="grid gap-6 lg:grid-cols-2">
            <Breakdown
              title={t('sourcesTitle')}
              headers={[t('columnSource'), t('columnViews'), t('columnUniqueVisitors')]}
              rows={data.sources.map((row) => ({ label: t(sourceMessages[row.source]), value: row.views, extra: [count(row.uniques)] }))}
              empty={t('noViews')}
            />
            <Breakdown
              title={t('devicesTitle')}
              headers={[t('columnDevice'), t('columnViews')]}
              rows={data.devices.map((row) => ({ label: t(deviceMessages[row.device]), value: row.views }))}
              empty={t('noViews')}
            />
            <Breakdown
              title={t('linksTitle')}
              headers={[t('columnLink'), t('columnClicks')]}
              rows={data.links.map((row) => ({ label: data.cards.length > 1 ? t('linkOfCard', { card: row.cardLabel, link: row.label }) : row.label, value: row.clicks }))}
              empty={t('noLinkClicks')}
            />
            <Breakdown
              title={t('referrersTitle')}
              headers={[t('columnSite'), t('columnViews')]}
              rows={data.referrers.map((row) => ({ label: row.host, value: row.views }))}
              empty={t('noReferrers')}
            />
            {data.countries.length > 0 ? (
              <Breakdown
                title={t('countriesTitle')}
                headers={[t('columnCountry'), t('columnViews')]}
                rows={data.countries.map((row) => ({ label: row.country, value: row.views }))}
                empty=""
              />
            ) : null}
          </div>
        </>
      )}

      <SortableTable
        title={data.scope === 'team' ? t('teamCardsTitle') : t('cardsTitle')}
        nameHeader={t('columnCard')}
        rows={data.cards.map((card) => ({ id: card.cardId, name: data.scope === 'team' ? t('cardOfOwner', { card: card.label, owner: card.ownerName }) : card.label, counts: card.counts }))}
      />
      {data.members ? (
        <SortableTable
          title={t('membersTitle')}
          nameHeader={t('columnMember')}
          rows={data.members.map((member) => ({ id: member.userId, name: t('memberCards', { name: member.name, count: member.cards }), counts: member.counts }))}
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

/** A headline number; `previous` is the whole "previous period: …" text, `testId` names the tile for tests in any language. */
function Tile({ testId, label, value, change, previous }: { testId: string; label: string; value: string; change?: string; previous: string }) {
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <p className="text-sm font-medium text-zinc-700">{label}</p>
      <p className="mt-1 text-2xl font-bold text-zinc-900" data-testid={`tile-${testId}`}>
        {value}
      </p>
      <p className="mt-1 text-xs text-zinc-700">
        {change ? <span className="font-semibold">{change} </span> : null}
        <span>{previous}</span>
      </p>
    </li>
  );
}
