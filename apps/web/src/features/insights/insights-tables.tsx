import { useId, useMemo, useState, type ReactNode } from 'react';
import { insightMetrics, type InsightMetric } from '@cardstack/shared/insights/metrics';
import { languageOf, useAppPreferences } from '../../lib/i18n/app-locale';
import { useFormat } from '../../lib/i18n/format';
import { useMessages } from '../../lib/i18n/messages';
import { metricMessages } from './insights-format';
import { insightsMessages } from './messages';

/*
 * The dashboard's tables: plain data tables (the chart's accessible twin), breakdowns, and the sortable per-card
 * and per-link tables.
 */

/** Table cells: the first column names the row, the others are numbers aligned to the end. */
const columnHeaderClass = (index: number) => `py-2 pe-3 font-semibold ${index > 0 ? 'text-end' : ''}`;

const numberCellClass = 'py-1.5 pe-3 text-end tabular-nums';

/** A table row: what it counts in its header cell, then its numbers, aligned to the end. */
function NumberRow({ name, numbers }: { name: ReactNode; numbers: string[] }) {
  return (
    <tr className="border-b border-zinc-100">
      <th scope="row" className="py-1.5 pe-3 font-normal">
        {name}
      </th>
      {numbers.map((number, column) => (
        // The columns are fixed for the table: their place is their identity.
        <td key={column} className={numberCellClass}>
          {number}
        </td>
      ))}
    </tr>
  );
}

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

export function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: string[][] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeaders headers={headers} />
        <tbody>
          {rows.map(([name, ...numbers]) => (
            <NumberRow key={name} name={name} numbers={numbers} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A breakdown as a table with a bar per row (the bar is decoration: the number is in the cell). */
export function Breakdown({ title, headers, rows, empty }: { title: string; headers: string[]; rows: { label: string; value: number; extra?: string[] }[]; empty: string }) {
  const titleId = useId();
  const format = useFormat();
  const largest = Math.max(1, ...rows.map((row) => row.value));
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-700">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-start text-sm">
          <ColumnHeaders headers={headers} />
          <tbody>
            {rows.map((row) => (
              <NumberRow
                key={row.label}
                name={
                  <>
                    <span className="block break-all">{row.label}</span>
                    <span aria-hidden="true" className="mt-1 block h-1.5 rounded bg-brand-600" style={{ width: `${Math.round((row.value / largest) * 100)}%` }} />
                  </>
                }
                numbers={[format.number(row.value), ...(row.extra ?? [])]}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

type SortKey = 'name' | InsightMetric;

/** A table of cards or members, sortable by its name or any metric (click or Enter on a column's header). */
export function SortableTable({ title, nameHeader, rows }: { title: string; nameHeader: string; rows: { id: string; name: string; counts: Record<InsightMetric, number> }[] }) {
  const titleId = useId();
  const t = useMessages(insightsMessages);
  const format = useFormat();
  const { locale } = useAppPreferences();
  // Names in the alphabetical order of the app's language.
  const collator = useMemo(() => new Intl.Collator(languageOf(locale)), [locale]);
  const [sort, setSort] = useState<{ key: SortKey; isDescending: boolean }>({ key: 'view', isDescending: true });
  const sorted = [...rows].sort((a, b) => {
    const order = sort.key === 'name' ? collator.compare(a.name, b.name) : a.counts[sort.key] - b.counts[sort.key];
    return (sort.isDescending ? -order : order) || collator.compare(a.name, b.name);
  });
  const columns: { key: SortKey; label: string }[] = [{ key: 'name', label: nameHeader }, ...insightMetrics.map((metric) => ({ key: metric, label: t(metricMessages[metric]) }))];
  const toggle = (key: SortKey) => setSort((current) => ({ key, isDescending: current.key === key ? !current.isDescending : key !== 'name' }));
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-start text-sm">
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
              <NumberRow key={row.id} name={row.name} numbers={insightMetrics.map((metric) => format.number(row.counts[metric]))} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
