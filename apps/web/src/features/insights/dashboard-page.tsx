import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { deviceTypeLabels, insightMetricLabels, insightMetrics, type InsightMetric } from '@cardstack/shared/insights/metrics';
import { customRangeProblem, periodPresetLabels, periodPresets, toDay, type PeriodPreset } from '@cardstack/shared/insights/periods';
import type { InsightScope, InsightsQuery, InsightsResponse } from '@cardstack/shared/insights/schemas';
import { visitSourceLabels } from '@cardstack/shared/insights/sources';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { SelectList } from '../../components/ui/select-list';
import { Spinner } from '../../components/ui/spinner';
import { InsightsChart } from './insights-chart';
import { insightsCsvUrl, useInsights } from './insights-api';
import { formatBucket, formatChange, formatCount, formatPercent } from './insights-format';

const allCards = 'all';

/**
 * The insights dashboard: what visitors did with the caller's cards (or, for those allowed, the team's) in a
 * period, against the period before. Every chart has its numbers in a table; the CSV exports this view.
 */
export default function DashboardPage() {
  const [period, setPeriod] = useState<PeriodPreset>('30d');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [appliedCustom, setAppliedCustom] = useState<{ from: string; to: string } | null>(null);
  const [customError, setCustomError] = useState<string | null>(null);
  const [scope, setScope] = useState<InsightScope>('own');
  const [cardId, setCardId] = useState<string>(allCards);

  const query: InsightsQuery = {
    period: period === 'custom' && !appliedCustom ? '30d' : period,
    scope,
    ...(period === 'custom' && appliedCustom ? appliedCustom : {}),
    ...(cardId !== allCards ? { cardId } : {}),
  };
  const insights = useInsights(query);
  const data = insights.data;

  const applyCustom = () => {
    const problem = customRangeProblem(custom.from || undefined, custom.to || undefined, toDay(new Date()));
    setCustomError(problem);
    if (!problem) setAppliedCustom({ ...custom });
  };

  return (
    <section aria-labelledby="dashboard-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="dashboard-title" className="text-2xl font-bold">
            Dashboard
          </h1>
          {data ? (
            <p className="mt-1 text-sm text-zinc-700">
              {formatBucket(data.period.from, 'day')} – {formatBucket(data.period.to, 'day')}, compared with{' '}
              {formatBucket(data.period.previousFrom, 'day')} – {formatBucket(data.period.previousTo, 'day')}
            </p>
          ) : null}
        </div>
        <a href={insightsCsvUrl(query)} download className={buttonClass('secondary')}>
          Export CSV
        </a>
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectList
          label="Period"
          value={period}
          options={periodPresets.map((preset) => ({ value: preset, label: periodPresetLabels[preset] }))}
          onValueChange={(value) => setPeriod(value as PeriodPreset)}
        />
        {data?.canSeeTeam ? (
          <SelectList
            label="Cards of"
            value={scope}
            options={[
              { value: 'own', label: 'Me' },
              { value: 'team', label: 'The whole team' },
            ]}
            onValueChange={(value) => {
              setScope(value as InsightScope);
              setCardId(allCards);
            }}
          />
        ) : null}
        <SelectList
          label="Card"
          value={cardId}
          options={[{ value: allCards, label: 'All cards' }, ...(data?.cardOptions ?? []).map((card) => ({ value: card.id, label: card.label }))]}
          onValueChange={setCardId}
        />
      </div>
      {period === 'custom' ? (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            applyCustom();
          }}
        >
          <DateField label="From" value={custom.from} onChange={(from) => setCustom((current) => ({ ...current, from }))} />
          <DateField label="To" value={custom.to} onChange={(to) => setCustom((current) => ({ ...current, to }))} />
          <Button type="submit" variant="secondary">
            Show period
          </Button>
          <FormAlert message={customError ?? undefined} />
          {!appliedCustom && !customError ? <p className="text-sm text-zinc-700">Showing the last 30 days until you choose the days.</p> : null}
        </form>
      ) : null}

      {insights.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner label="Loading the numbers" />
        </div>
      ) : insights.isError ? (
        <div className="mt-6">
          <FormAlert message={insights.error.message} />
        </div>
      ) : data ? (
        <DashboardBody data={data} />
      ) : null}
    </section>
  );
}

function DateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm"
      />
    </div>
  );
}

function DashboardBody({ data }: { data: InsightsResponse }) {
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

/** Table cells: the first column names the row, the others are numbers aligned right. */
const columnHeaderClass = (index: number) => `py-2 pr-3 font-semibold ${index > 0 ? 'text-right' : ''}`;
const numberCellClass = 'py-1.5 pr-3 text-right tabular-nums';

function ColumnHeaders({ headers }: { headers: string[] }) {
  return (
    <thead>
      <tr className="border-b border-zinc-200">
        {headers.map((header, index) => (
          <th key={header} scope="col" className={columnHeaderClass(index)}>
            {header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: string[][] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeaders headers={headers} />
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]} className="border-b border-zinc-100">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="py-1.5 pr-3 font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={numberCellClass}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A breakdown as a table with a bar per row (the bar is decoration: the number is in the cell). */
function Breakdown({ title, headers, rows, empty }: { title: string; headers: string[]; rows: { label: string; value: number; extra?: string[] }[]; empty: string }) {
  const titleId = useId();
  const largest = Math.max(1, ...rows.map((row) => row.value));
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-700">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <ColumnHeaders headers={headers} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-zinc-100">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  <span className="block break-all">{row.label}</span>
                  <span aria-hidden="true" className="mt-1 block h-1.5 rounded bg-brand-600" style={{ width: `${Math.round((row.value / largest) * 100)}%` }} />
                </th>
                <td className={numberCellClass}>{formatCount(row.value)}</td>
                {(row.extra ?? []).map((cell, index) => (
                  <td key={index} className={numberCellClass}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

type SortKey = 'name' | InsightMetric;

/** A table of cards or members, sortable by its name or any metric (click or Enter on a column's header). */
function SortableTable({ title, nameHeader, rows }: { title: string; nameHeader: string; rows: { id: string; name: string; counts: Record<InsightMetric, number> }[] }) {
  const titleId = useId();
  const [sort, setSort] = useState<{ key: SortKey; isDescending: boolean }>({ key: 'view', isDescending: true });
  const sorted = [...rows].sort((a, b) => {
    const order = sort.key === 'name' ? a.name.localeCompare(b.name) : a.counts[sort.key] - b.counts[sort.key];
    return (sort.isDescending ? -order : order) || a.name.localeCompare(b.name);
  });
  const columns: { key: SortKey; label: string }[] = [{ key: 'name', label: nameHeader }, ...insightMetrics.map((metric) => ({ key: metric, label: insightMetricLabels[metric] }))];
  const toggle = (key: SortKey) => setSort((current) => ({ key, isDescending: current.key === key ? !current.isDescending : key !== 'name' }));
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-zinc-200">
              {columns.map((column, index) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sort.key === column.key ? (sort.isDescending ? 'descending' : 'ascending') : 'none'}
                  className={columnHeaderClass(index)}
                >
                  <button type="button" onClick={() => toggle(column.key)} className="rounded font-semibold hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                    {column.label}
                    <span aria-hidden="true">{sort.key === column.key ? (sort.isDescending ? ' ↓' : ' ↑') : ''}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.id} className="border-b border-zinc-100">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {row.name}
                </th>
                {insightMetrics.map((metric) => (
                  <td key={metric} className={numberCellClass}>
                    {formatCount(row.counts[metric])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
