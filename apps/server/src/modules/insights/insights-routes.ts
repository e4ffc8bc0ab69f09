import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { insightsPaths, insightsQuery, insightsResponse } from '@cardstack/shared/insights/schemas';
import { insightsCsvFileName, insightsCsvStream } from './insights-csv';
import { loadDashboard, type InsightsDeps } from './insights-dashboard';

/**
 * The dashboard's numbers and their CSV. Both take the same query (period, scope, card), so the export is
 * exactly the view on screen. Analytics is on every plan; the gate is there so the plan list stays the one
 * place that decides.
 */
export function registerInsightsRoutes(fastify: FastifyInstance, deps: InsightsDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(insightsPaths.dashboard, { config: { guard: { caller: 'signed-in', feature: 'analytics' } }, schema: { querystring: insightsQuery, response: { 200: insightsResponse } } }, async (request, reply) => {
    const { response } = await loadDashboard(deps, await request.caller(), request.query);
    return reply.header('cache-control', 'no-store').send(response);
  });

  app.get(insightsPaths.exportCsv, { config: { guard: { caller: 'signed-in', feature: 'analytics' } }, schema: { querystring: insightsQuery } }, async (request, reply) => {
    const { response } = await loadDashboard(deps, await request.caller(), request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${insightsCsvFileName(response)}"`)
      .header('cache-control', 'no-store')
      .send(insightsCsvStream(response));
  });
}
