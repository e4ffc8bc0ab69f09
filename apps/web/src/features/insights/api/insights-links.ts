import { insightsPaths, type InsightsQuery } from '@cardstack/shared/insights/schemas';

/** The dashboard's query as a query string; the CSV link uses the same one, so it exports what is shown. */
export function insightsQueryString(query: InsightsQuery): string {
  const params = new URLSearchParams({ period: query.period, scope: query.scope });
  if (query.period === 'custom' && query.from && query.to) {
    params.set('from', query.from);
    params.set('to', query.to);
  }
  if (query.cardId) params.set('cardId', query.cardId);
  return params.toString();
}

/** GET /api/insights/export.csv (insightsPaths.exportCsv): downloaded by the browser from a plain link. */
export function insightsCsvUrl(query: InsightsQuery): string {
  return `${insightsPaths.exportCsv}?${insightsQueryString(query)}`;
}
