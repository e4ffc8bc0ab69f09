import { linkDisplayLabel, type Link } from '@cardstack/shared/cards/links';
import { conversionPercent, deviceTypes, insightMetrics, type DeviceType } from '@cardstack/shared/insights/metrics';
import { changePercent, customRangeProblem, resolvePeriod, type ResolvedPeriod } from '@cardstack/shared/insights/periods';
import { dayIn } from '@cardstack/shared/insights/time-zones';
import { emptyCounts, type InsightsQuery, type InsightsResponse, type MetricCounts } from '@cardstack/shared/insights/schemas';
import { visitSources, type VisitSource } from '@cardstack/shared/insights/sources';
import type { Permission } from '@cardstack/shared/teams/roles';
import type { AnyConnection } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import { findPreferences } from '../auth/auth-module';
import { listCardsWithOwnerNames, type CardWithOwnerName } from '../cards/cards-module';
import {
  sumByCardAndSource,
  sumDetailWindows,
  sumDetails,
  sumSeries,
  sumWindows,
  sumWindowsByCardAndSource,
  type CardSourceRow,
  type CounterRange,
  type CounterSums,
  type DetailSumRow,
} from './insights-repository';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { insightCounterColumns } from './insights-tables';
import { edgeWindows, periodEdgeWindows } from './local-buckets';

export interface InsightsDeps {
  db: AnyConnection;
  /** The short id of a link's tracked address (the public page's rule). */
  linkIdOf: (link: Pick<Link, 'kind' | 'url'>) => string;
  now?: () => Date;
}

/** Who is asking, as the insights rule needs it (the request's caller). */
export interface InsightsCaller {
  userId: string;
  teamOwnerId: string;
  permissions: readonly Permission[];
}

/**
 * The one access rule for insights. Everyone sees their own cards. The team view (the team's cards and each
 * member's totals) is for the team owner and for members whose role has the metrics permission; permissions
 * exist only while the team is on Teams, so one check covers both. A card outside the chosen set is answered as
 * missing, so ids cannot be probed.
 */
export function canSeeTeamInsights(caller: InsightsCaller): boolean {
  return caller.permissions.includes('metrics');
}

const cardLabelOf = (card: CardWithOwnerName) => card.title || card.name || card.username;

/** The counter columns as the dashboard's metrics. */
function countsOf(sums: CounterSums): MetricCounts {
  return {
    view: sums.views,
    unique: sums.uniques,
    save: sums.saves,
    wallet: sums.wallet_adds,
    link: sums.link_clicks,
    file: sums.file_downloads,
    lead: sums.leads,
  };
}

function parseLinks(json: string): Link[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as Link[]) : [];
  } catch {
    return [];
  }
}

export interface DashboardData {
  response: InsightsResponse;
  period: ResolvedPeriod;
}

/** `to` plus `sign` × `from`, counter by counter. */
function addSums(to: CounterSums, from: CounterSums, sign: 1 | -1): void {
  for (const name of insightCounterColumns) to[name] += sign * from[name];
}

const noSums = () => Object.fromEntries(insightCounterColumns.map((name) => [name, 0])) as CounterSums;

/**
 * The dashboard of a period for the caller's own cards or their team's, all of them or one, by the days of the
 * time zone asked for, else the caller's (their account's preference; UTC until chosen).
 */
export async function loadDashboard(deps: InsightsDeps, caller: InsightsCaller, query: InsightsQuery): Promise<DashboardData> {
  const timeZone = query.timeZone ?? (await findPreferences(deps.db, caller.userId)).timeZone;
  const today = dayIn((deps.now ?? (() => new Date()))(), timeZone);
  let period: ResolvedPeriod;
  if (query.period === 'custom') {
    const problem = customRangeProblem(query.from, query.to, today);
    if (problem) throw badRequest(problem, { from: problem });
    period = resolvePeriod('custom', today, { from: query.from!, to: query.to! });
  } else {
    period = resolvePeriod(query.period, today);
  }
  const canSeeTeam = canSeeTeamInsights(caller);
  if (query.scope === 'team' && !canSeeTeam) throw new AppError(403, 'forbidden', keyed('teamInsightsNotAllowed'));

  const allCards = await listCardsWithOwnerNames(deps.db, query.scope === 'team' ? { teamOwnerId: caller.teamOwnerId } : { ownerId: caller.userId });
  const cards = query.cardId ? allCards.filter((card) => card.id === query.cardId) : allCards;
  if (query.cardId && cards.length === 0) throw new AppError(404, 'not-found', keyed('insightsCardNotFound'));
  const cardIds = cards.map((card) => card.id);

  const inBucket = (day: string) => (period.bucket === 'day' ? day : day.slice(0, 7));
  const current: CounterRange = { cardIds, bucket: period.bucket, from: inBucket(period.from), to: inBucket(period.to) };
  const previous: CounterRange = { ...current, from: inBucket(period.previous.from), to: inBucket(period.previous.to) };
  const spanning: CounterRange = { ...current, from: previous.from };

  // The UTC days (or months) of the rollups, and the hours at their edges that belong to the viewer's neighbouring
  // day (none in UTC): a window per edge for the chart, the period's first and last edge for everything else.
  const seriesWindows = edgeWindows([...period.previousBuckets, ...period.buckets], period.bucket, timeZone);
  const totalWindows = periodEdgeWindows(period.buckets, period.bucket, timeZone);
  const [seriesRows, baseCardRows, baseDetailRows, seriesEdges, cardEdges, detailEdges] = await Promise.all([
    sumSeries(deps.db, spanning),
    sumByCardAndSource(deps.db, current),
    sumDetails(deps.db, current),
    sumWindows(deps.db, cardIds, seriesWindows, { monthEdges: period.bucket === 'month' }),
    sumWindowsByCardAndSource(deps.db, cardIds, totalWindows, { monthEdges: period.bucket === 'month' }),
    sumDetailWindows(deps.db, cardIds, totalWindows),
  ]);
  const sumsByBucket = new Map<string, CounterSums>(seriesRows.map((row) => [row.bucket, row]));
  for (const edge of seriesEdges) {
    const window = seriesWindows[edge.window]!;
    for (const [bucket, sign] of [
      [window.add, 1],
      [window.subtract, -1],
    ] as const) {
      if (bucket === null) continue;
      const sums = sumsByBucket.get(bucket) ?? noSums();
      addSums(sums, edge, sign);
      sumsByBucket.set(bucket, sums);
    }
  }
  const signOf = (window: number) => totalWindows[window]!.sign;
  const cardRows: CardSourceRow[] = [...baseCardRows];
  for (const edge of cardEdges) {
    const row: CardSourceRow = { cardId: edge.cardId, source: edge.source, ...noSums() };
    addSums(row, edge, signOf(edge.window));
    cardRows.push(row);
  }
  const detailRows: DetailSumRow[] = [...baseDetailRows, ...detailEdges.map((edge) => ({ ...edge, count: signOf(edge.window) * edge.count }))];

  const byBucket = new Map([...sumsByBucket].map(([bucket, sums]) => [bucket, countsOf(sums)]));
  const series = period.buckets.map((bucket, index) => {
    const previousBucket = period.previousBuckets[index] ?? '';
    return { bucket, previousBucket, current: byBucket.get(bucket) ?? emptyCounts(), previous: byBucket.get(previousBucket) ?? emptyCounts() };
  });
  const totals = emptyCounts();
  const previousTotals = emptyCounts();
  for (const point of series) {
    for (const metric of insightMetrics) {
      totals[metric] += point.current[metric];
      previousTotals[metric] += point.previous[metric];
    }
  }
  const tiles = Object.fromEntries(
    insightMetrics.map((metric) => [metric, { current: totals[metric], previous: previousTotals[metric], change: changePercent(totals[metric], previousTotals[metric]) }]),
  ) as InsightsResponse['tiles'];

  const countsByCard = new Map<string, MetricCounts>();
  const sourceViews = new Map<VisitSource, { views: number; uniques: number }>();
  const devices = new Map<DeviceType, number>();
  for (const row of cardRows) {
    const counts = countsByCard.get(row.cardId) ?? emptyCounts();
    const added = countsOf(row);
    for (const metric of insightMetrics) counts[metric] += added[metric];
    countsByCard.set(row.cardId, counts);
    if ((visitSources as readonly string[]).includes(row.source)) {
      const entry = sourceViews.get(row.source as VisitSource) ?? { views: 0, uniques: 0 };
      entry.views += row.views;
      entry.uniques += row.uniques;
      sourceViews.set(row.source as VisitSource, entry);
    }
    devices.set('mobile', (devices.get('mobile') ?? 0) + row.mobile_views);
    devices.set('tablet', (devices.get('tablet') ?? 0) + row.tablet_views);
    devices.set('desktop', (devices.get('desktop') ?? 0) + row.desktop_views);
  }
  const cardTable = cards.map((card) => ({ cardId: card.id, label: cardLabelOf(card), ownerName: card.ownerName, counts: countsByCard.get(card.id) ?? emptyCounts() }));

  let members: InsightsResponse['members'] = null;
  if (query.scope === 'team') {
    const ownerOf = new Map(cards.map((card) => [card.id, card.ownerId]));
    const byOwner = new Map<string, { userId: string; name: string; cards: number; counts: MetricCounts }>();
    for (const card of cardTable) {
      const ownerId = ownerOf.get(card.cardId) ?? '';
      const member = byOwner.get(ownerId) ?? { userId: ownerId, name: card.ownerName, cards: 0, counts: emptyCounts() };
      member.cards += 1;
      for (const metric of insightMetrics) member.counts[metric] += card.counts[metric];
      byOwner.set(ownerId, member);
    }
    members = [...byOwner.values()].sort((a, b) => b.counts.view - a.counts.view || a.name.localeCompare(b.name));
  }

  const referrers = new Map<string, number>();
  const countries = new Map<string, number>();
  const linkClicks = new Map<string, { cardId: string; linkId: string; clicks: number }>();
  for (const row of detailRows) {
    if (row.kind === 'referrer') referrers.set(row.detail, (referrers.get(row.detail) ?? 0) + row.count);
    else if (row.kind === 'country') countries.set(row.detail, (countries.get(row.detail) ?? 0) + row.count);
    else if (row.kind === 'link') {
      const key = `${row.cardId}\u0000${row.detail}`;
      const entry = linkClicks.get(key) ?? { cardId: row.cardId, linkId: row.detail, clicks: 0 };
      entry.clicks += row.count;
      linkClicks.set(key, entry);
    }
  }

  const cardsById = new Map(cards.map((card) => [card.id, card]));
  // Labels only for the cards whose links are listed (at most 50 entries): parsing and hashing every link of a
  // team's cards on each view of the dashboard would be most of its work in Node.
  const labelsByCard = new Map<string, Map<string, string>>();
  const linkLabelOf = (cardId: string, linkId: string) => {
    let labels = labelsByCard.get(cardId);
    if (!labels) {
      labels = new Map();
      for (const link of parseLinks(cardsById.get(cardId)?.links ?? '[]')) labels.set(deps.linkIdOf(link), `${linkDisplayLabel(link)} (${link.url})`);
      labelsByCard.set(cardId, labels);
    }
    return labels.get(linkId);
  };
  const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
  const top = (map: Map<string, number>, limit: number) =>
    [...map.entries()].map(([key, count]) => ({ key, count })).sort(byCount).slice(0, limit);

  const response: InsightsResponse = {
    period: { from: period.from, to: period.to, previousFrom: period.previous.from, previousTo: period.previous.to, bucket: period.bucket, timeZone },
    scope: query.scope,
    cardId: query.cardId ?? null,
    canSeeTeam,
    cardOptions: allCards.map((card) => ({ id: card.id, label: query.scope === 'team' ? `${cardLabelOf(card)} (${card.ownerName})` : cardLabelOf(card) })),
    tiles,
    conversion: {
      toSave: { current: conversionPercent(totals.save, totals.view), previous: conversionPercent(previousTotals.save, previousTotals.view) },
      toLead: { current: conversionPercent(totals.lead, totals.view), previous: conversionPercent(previousTotals.lead, previousTotals.view) },
    },
    series,
    sources: visitSources
      .map((source) => ({ source, views: sourceViews.get(source)?.views ?? 0, uniques: sourceViews.get(source)?.uniques ?? 0 }))
      .filter((row) => row.views > 0 || row.uniques > 0),
    devices: deviceTypes.map((device) => ({ device, views: devices.get(device) ?? 0 })).filter((row) => row.views > 0),
    referrers: top(referrers, 20).map(({ key, count }) => ({ host: key, views: count })),
    countries: top(countries, 20).map(({ key, count }) => ({ country: key, views: count })),
    links: [...linkClicks.values()]
      .sort((a, b) => b.clicks - a.clicks)
      .slice(0, 50)
      .map((entry) => {
        const card = cardsById.get(entry.cardId);
        return {
          cardId: entry.cardId,
          cardLabel: card ? cardLabelOf(card) : '',
          linkId: entry.linkId,
          label: linkLabelOf(entry.cardId, entry.linkId) ?? 'A link no longer on the card',
          clicks: entry.clicks,
        };
      }),
    cards: cardTable,
    members,
  };
  return { response, period };
}
