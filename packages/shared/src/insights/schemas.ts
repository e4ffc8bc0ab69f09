import { z } from 'zod';
import { keyed } from '../i18n/keyed';
import { isTimeZone } from '../account/preferences';
import { deviceTypes, insightMetrics, type InsightMetric } from './metrics';
import { customRangeProblem, periodPresets } from './periods';
import { visitSources } from './sources';

/*
 * The dashboard's request and answer, used by the server (validation) and the SPA (types and the CSV link).
 */

export const insightScopes = ['own', 'team'] as const;
export type InsightScope = (typeof insightScopes)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, keyed('dayFormat'));

export const insightsQuery = z.object({
  period: z.enum(periodPresets, { message: keyed('chooseInsightsPeriod') }).default('30d'),
  from: day.optional(),
  to: day.optional(),
  /** One card, or every card of the scope when left out. */
  cardId: z.string().min(1).max(64).optional(),
  /** Your own cards, or the whole team's (owner, or a role with the metrics permission). */
  scope: z.enum(insightScopes, { message: keyed('chooseInsightsScope') }).default('own'),
  /**
   * The IANA time zone whose days and months the numbers are grouped by ("Europe/Berlin"); left out, the account's
   * own (Settings → General; UTC until chosen).
   */
  timeZone: z.string().max(64, keyed('chooseTimeZone')).refine(isTimeZone, keyed('chooseTimeZone')).optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

const metricCounts = z.object(Object.fromEntries(insightMetrics.map((metric) => [metric, z.number()])) as Record<InsightMetric, z.ZodNumber>);
export type MetricCounts = Record<InsightMetric, number>;

const tile = z.object({ current: z.number(), previous: z.number(), change: z.number().nullable() });

export const insightsResponse = z.object({
  period: z.object({
    from: z.string(),
    to: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
    bucket: z.enum(['day', 'month']),
    /** The time zone whose days these are. */
    timeZone: z.string(),
  }),
  scope: z.enum(insightScopes),
  cardId: z.string().nullable(),
  /** Whether the caller may switch to the team view. */
  canSeeTeam: z.boolean(),
  /** The cards the caller may pick from in this scope. */
  cardOptions: z.array(z.object({ id: z.string(), label: z.string() })),
  tiles: z.object(Object.fromEntries(insightMetrics.map((metric) => [metric, tile])) as Record<InsightMetric, typeof tile>),
  conversion: z.object({
    toSave: z.object({ current: z.number().nullable(), previous: z.number().nullable() }),
    toLead: z.object({ current: z.number().nullable(), previous: z.number().nullable() }),
  }),
  series: z.array(z.object({ bucket: z.string(), previousBucket: z.string(), current: metricCounts, previous: metricCounts })),
  sources: z.array(z.object({ source: z.enum(visitSources), views: z.number(), uniques: z.number() })),
  devices: z.array(z.object({ device: z.enum(deviceTypes), views: z.number() })),
  referrers: z.array(z.object({ host: z.string(), views: z.number() })),
  /** Empty unless the operator configured a GeoIP database. */
  countries: z.array(z.object({ country: z.string(), views: z.number() })),
  links: z.array(z.object({ cardId: z.string(), cardLabel: z.string(), linkId: z.string(), label: z.string(), clicks: z.number() })),
  cards: z.array(z.object({ cardId: z.string(), label: z.string(), ownerName: z.string(), counts: metricCounts })),
  /** The team view's per-member totals; null in the own view. */
  members: z
    .array(z.object({ userId: z.string(), name: z.string(), cards: z.number(), counts: metricCounts }))
    .nullable(),
});
export type InsightsResponse = z.infer<typeof insightsResponse>;

export const insightsPaths = {
  dashboard: '/api/insights',
  exportCsv: '/api/insights/export.csv',
} as const;

export function emptyCounts(): MetricCounts {
  return { view: 0, unique: 0, save: 0, wallet: 0, link: 0, file: 0, lead: 0 };
}

/**
 * The dashboard's own "from / to" form, checked by the rule the server's query follows: the first day is needed
 * on its own; everything that judges the range (order, today, length) is said under the last day.
 */
export const customRangeForm = (today: string) =>
  z.object({ from: z.string(), to: z.string() }).superRefine((range, ctx) => {
    if (!range.from) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: keyed('firstDayRequired') });
      return;
    }
    const problem = customRangeProblem(range.from, range.to || undefined, today);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
