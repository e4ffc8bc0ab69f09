import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import type { CountedMetric } from '@cardstack/shared/insights/metrics';
import { markerOfQuery, visitSourceOf } from '@cardstack/shared/insights/sources';
import { toDay } from '@cardstack/shared/insights/periods';
import { hourOf, utcDayOfHour } from '@cardstack/shared/insights/time-zones';
import type { AnyConnection } from '../../db/schema';
import { recordError } from '../../http/errors';
import { runEvery } from '../../jobs/jobs-module';
import { cachedSalts, newSalt, visitorHash, type SaltStore } from './daily-salt';
import { addCounters, addVisitors, loadSalt, type CounterIncrement } from './insights-repository';
import { classifyVisit, referrerHostOf } from './visit-classifier';

/** What the recorder reads from a request: Fastify's request has it. */
export interface VisitRequest {
  headers: IncomingHttpHeaders;
  /** The client's address as `TRUST_PROXY` resolves it; held in memory until the next flush, never written. */
  ip: string;
  /** The path with its query (the source marker). */
  url: string;
}

export interface InsightsRecorder {
  /**
   * Counts what a visitor did on a card's public page (`detail`: the link id of a click). Synchronous and cheap:
   * the counts are written with the next flush. Bots and prefetches are not counted.
   */
  record(request: VisitRequest, cardId: string, metric: CountedMetric, detail?: string): void;
  /** Writes what has been counted so far. */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest. */
  close(): Promise<void>;
}

export interface InsightsRecorderDeps {
  db: AnyConnection;
  baseUrl: string;
  flushIntervalMs: number;
  logger: Pick<Logger, 'error'>;
  /** The visitor's country (ISO code) from the operator's GeoIP database, when one is configured. */
  countryOf?: ((address: string) => string | null) | undefined;
  now?: () => Date;
  salts?: SaltStore;
}

/** How many distinct counters wait in memory at most when the database cannot be written. */
const maxPendingCounters = 100_000;

interface PendingVisitor {
  /** The UTC day: its salt recognises the visitor. */
  day: string;
  /** The hour of the visitor's first view (in this interval): their unique visit is counted in it. */
  hour: number;
  cardId: string;
  source: string;
  address: string;
  userAgent: string;
}

/**
 * Visitor counts, gathered in memory and written every few seconds: one additive upsert per card, UTC hour,
 * metric, source and detail into the hourly, daily and monthly tables. A write per page view would put the
 * database on the hot path and turn a busy card into a hot row; a crash loses at most one interval, which
 * analytics can live with.
 * The flush is no job: only this process holds its counts (docs/decisions/0010-job-engine.md).
 */
export function createInsightsRecorder(deps: InsightsRecorderDeps): InsightsRecorder {
  const now = deps.now ?? (() => new Date());
  const ownHost = new URL(deps.baseUrl).hostname.toLowerCase();
  const salts = deps.salts ?? cachedSalts((day) => loadSalt(deps.db, day, newSalt()));
  const thisHour = () => hourOf(now());
  // The UTC day of the hour, made once an hour rather than on every view.
  let dayHour = -1;
  let day = '';
  const dayOf = (hour: number) => {
    if (hour !== dayHour) {
      dayHour = hour;
      day = utcDayOfHour(hour);
    }
    return day;
  };

  let counters = new Map<string, CounterIncrement>();
  // The interval's visitors, one entry per day, card and visitor (the first view's source counts).
  let visitors = new Map<string, PendingVisitor>();

  const add = (hour: number, cardId: string, metric: string, source: string, detail: string) => {
    const key = `${cardId}\u0000${hour}\u0000${metric}\u0000${source}\u0000${detail}`;
    const known = counters.get(key);
    if (known) known.count += 1;
    else counters.set(key, { cardId, hour, metric, source, detail, count: 1 });
  };

  async function uniqueCounters(pending: PendingVisitor[]): Promise<CounterIncrement[]> {
    if (pending.length === 0) return [];
    const hashed = [];
    for (const visitor of pending) {
      // A day long gone has no salt any more, and a new one would recognise nobody: such stragglers are left out.
      if (visitor.day < toDay(new Date(now().getTime() - 86_400_000))) continue;
      const salt = await salts.saltOf(visitor.day);
      hashed.push({ ...visitor, hash: visitorHash(salt, visitor) });
    }
    const added = await addVisitors(deps.db, hashed);
    return hashed
      .filter((visitor) => added.has(`${visitor.day}\u0000${visitor.cardId}\u0000${visitor.hash}`))
      .map((visitor) => ({ cardId: visitor.cardId, hour: visitor.hour, metric: 'unique', source: visitor.source, detail: '', count: 1 }));
  }

  const writePending = async () => {
    if (counters.size === 0 && visitors.size === 0) return;
    const batch = [...counters.values()];
    const pending = [...visitors.values()];
    counters = new Map();
    visitors = new Map();
    let uniques: CounterIncrement[] = [];
    try {
      uniques = await uniqueCounters(pending);
      await addCounters(deps.db, [...batch, ...uniques]);
    } catch (error) {
      // Kept for the next flush (the visitors already recorded are counted as these counters): a database that
      // is briefly away loses nothing. Past a bound the oldest are given up, so memory stays small.
      if (counters.size < maxPendingCounters) {
        for (const row of [...batch, ...uniques]) {
          const key = `${row.cardId}\u0000${row.hour}\u0000${row.metric}\u0000${row.source}\u0000${row.detail}`;
          const known = counters.get(key);
          if (known) known.count += row.count;
          else counters.set(key, row);
        }
      }
      await recordError(deps.db, `Writing card insights failed: ${error instanceof Error ? error.message : String(error)}`).catch(() => undefined);
    }
  };
  // One flush at a time, in order: a flush waits for the one before it.
  const flusher = runEvery(deps.flushIntervalMs, writePending, deps.logger);

  return {
    record(request, cardId, metric, detail = '') {
      const hour = thisHour();
      // A lead is stored as a contact whoever sent it (the form has its own spam guard), so it is always counted.
      if (metric === 'lead') {
        add(hour, cardId, 'lead', '', '');
        return;
      }
      const visit = classifyVisit(request.headers);
      if (!visit.isCounted) return;
      if (metric !== 'view') {
        add(hour, cardId, metric, '', detail);
        return;
      }
      const queryAt = request.url.indexOf('?');
      const marker = queryAt === -1 ? null : markerOfQuery(request.url.slice(queryAt + 1));
      const referrerHost = referrerHostOf(request.headers);
      const source = visitSourceOf(marker, referrerHost, ownHost);
      add(hour, cardId, 'view', source, '');
      add(hour, cardId, 'device', '', visit.device);
      if (source === 'site' && referrerHost) add(hour, cardId, 'referrer', '', referrerHost);
      const country = deps.countryOf?.(request.ip);
      if (country) add(hour, cardId, 'country', '', country);
      const userAgent = String(request.headers['user-agent'] ?? '');
      const on = dayOf(hour);
      const key = `${on}\u0000${cardId}\u0000${request.ip}\u0000${userAgent}`;
      if (!visitors.has(key)) visitors.set(key, { day: on, hour, cardId, source, address: request.ip, userAgent });
    },
    flush: () => flusher.runNow(),
    close: () => flusher.stop(),
  };
}
