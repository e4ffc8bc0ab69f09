import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { insightsPaths, type InsightsQuery, type InsightsResponse } from '@cardstack/shared/insights/schemas';
import { api } from '../../lib/api-client';

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

export function useInsights(query: InsightsQuery) {
  return useQuery({
    queryKey: ['insights', query],
    queryFn: () => api.get<InsightsResponse>(`${insightsPaths.dashboard}?${insightsQueryString(query)}`),
    // The previous numbers stay on screen while the next period loads.
    placeholderData: keepPreviousData,
    retry: (count, error) => ((error as { status?: number }).status ?? 500) >= 500 && count < 1,
  });
}

export function insightsCsvUrl(query: InsightsQuery): string {
  return `${insightsPaths.exportCsv}?${insightsQueryString(query)}`;
}
