import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insightsPaths, insightsResponse, type InsightsQuery } from '@cardstack/shared/insights/schemas';
import { api } from '../../../lib/api-client';
import { insightsQueryString } from './insights-links';

/** GET /api/insights: the dashboard's counters, series and tables for one period and scope. */
export function getInsights(query: InsightsQuery) {
  return api.get(`${insightsPaths.dashboard}?${insightsQueryString(query)}`, insightsResponse);
}

export const insightsQuery = (query: InsightsQuery) =>
  queryOptions({
    queryKey: ['insights', query],
    queryFn: () => getInsights(query),
    // The previous numbers stay on screen while the next period loads.
    placeholderData: keepPreviousData,
    retry: (count, error) => ((error as { status?: number }).status ?? 500) >= 500 && count < 1,
  });

export const useInsights = (query: InsightsQuery) => useQuery(insightsQuery(query));
