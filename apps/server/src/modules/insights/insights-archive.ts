import { z } from 'zod';
import { keyed } from '@cardstack/shared/i18n/keyed';
import type { AnyConnection } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { AccountArchivePart } from '../module-contract';
import { archivedInsightTables, insertRollupRows, listRollupRows, type ArchivedInsightTable } from './insights-repository';
import { insightCounterColumns } from './insights-tables';

/*
 * The insights' part of an account archive: the archived cards' rollups (hourly, daily, monthly, and by link,
 * referrer and country), one JSON file per table. Visitor hashes and the days' salts are never archived. On import
 * the rows of imported cards are added under the cards' new ids; rows of cards not imported are left out.
 */

const fileOf = (table: ArchivedInsightTable) => `insights/${table.replace('insight_', '').replace('_', '-')}.json`;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const counters = Object.fromEntries(insightCounterColumns.map((column) => [column, count])) as Record<(typeof insightCounterColumns)[number], typeof count>;
const cardId = z.string().min(1).max(64);
const key = z.string().max(64);
const detail = { card_id: cardId, kind: z.enum(['link', 'referrer', 'country']), detail: z.string().max(2048), count };
const rowSchemas: Record<ArchivedInsightTable, z.ZodType<Record<string, unknown> & { card_id: string }>> = {
  insight_hourly: z.object({ card_id: cardId, source: key, hour: z.number().int(), month_edge: z.number().int().min(-14).max(11).nullable(), ...counters }),
  insight_daily: z.object({ card_id: cardId, source: key, day: key, ...counters }),
  insight_monthly: z.object({ card_id: cardId, source: key, month: key, ...counters }),
  insight_detail_hourly: z.object({ ...detail, hour: z.number().int() }),
  insight_detail_daily: z.object({ ...detail, day: key }),
  insight_detail_monthly: z.object({ ...detail, month: key }),
};
const rowsOf = (table: ArchivedInsightTable) => z.array(rowSchemas[table]).max(2_000_000);

export function insightsArchivePart(db: AnyConnection): AccountArchivePart {
  return {
    files: archivedInsightTables.map((table) => ({
      path: fileOf(table),
      about: `Insights of your cards: ${table.includes('detail') ? 'counts by link, referrer and country' : 'views, unique visitors, saves, wallet adds, link clicks, file downloads and leads by source'} per ${table.endsWith('hourly') ? 'UTC hour (hours since 1970)' : table.endsWith('daily') ? 'UTC day' : 'UTC month'}.`,
    })),
    async exportPart(_userId, archive) {
      for (const table of archivedInsightTables) archive.json(fileOf(table), await listRollupRows(db, table, archive.cardIds));
    },
    checkPart(archive) {
      for (const table of archivedInsightTables) {
        const value = archive.json(fileOf(table));
        if (value !== undefined && !rowsOf(table).safeParse(value).success) throw badRequest(keyed('accountArchiveBrokenFile', { name: fileOf(table) }));
      }
    },
    async importPart(trx, archive, context) {
      for (const table of archivedInsightTables) {
        const value = archive.json(fileOf(table));
        if (value === undefined) continue;
        const rows = rowsOf(table)
          .parse(value)
          .flatMap((row) => {
            const id = context.cardIds.get(row.card_id);
            return id ? [{ ...row, card_id: id }] : [];
          });
        await insertRollupRows(trx, table, rows);
        context.report.insightRows += rows.length;
      }
    },
  };
}
