import { useCallback, type ReactNode } from 'react';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { adminMessages } from '../messages';

/** A plain data table for the console: a caption for screen readers, header cells, rows as given. */
export function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  const t = useMessages(adminMessages);
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-50 text-zinc-600">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length} className="px-3 py-4 text-zinc-600">
                {t('nothingYet')}
              </td>
            </tr>
          ) : (
            rows.map((cells, index) => (
              <tr key={index} className="border-t border-zinc-100 align-top">
                {cells.map((cell, column) => (
                  <td key={column} className="px-3 py-2 break-words">
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A moment of the console's lists (`—` for none), as the app's language writes it, in the account's time zone. */
export function useFormatTime(): (iso: string | null) => string {
  const format = useFormat();
  return useCallback((iso: string | null) => (iso ? format.dateTime(iso) : '—'), [format]);
}
