import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CardStatEvent } from '@cardstack/shared/public-card/schemas';
import type { Database } from '../../db/schema';
import { recordError } from '../../http/errors';
import { runEvery } from '../../jobs/jobs-module';
import { addStats, type StatIncrement } from './public-card-repository';

export interface CardStats {
  /** Counts one event now; written to the database with the next flush. */
  count(cardId: string, event: CardStatEvent): void;
  /** Writes what has been counted so far. */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest. */
  close(): Promise<void>;
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Visitor counts, gathered in memory and written every few seconds as one upsert per card, day and event.
 * A write per page view would put a database write on the hot path (and turn a busy card into a hot row);
 * a crash loses at most one interval of counts, which analytics can live with. No cookie, no IP address:
 * a count is all that is kept. The flush is no job: only this process holds its counts, so no other process
 * could do it (docs/decisions/0010-job-engine.md); it runs on the engine's `runEvery`.
 */
export function createCardStats(options: { db: Kysely<Database>; flushIntervalMs: number; logger: Pick<Logger, 'error'>; now?: () => Date }): CardStats {
  const now = options.now ?? (() => new Date());
  // The day's key, made once a day rather than on every count.
  let day = '';
  let dayEndsAt = 0;
  const today = () => {
    const at = now();
    if (at.getTime() >= dayEndsAt || at.getTime() < dayEndsAt - 86_400_000) {
      day = utcDay(at);
      dayEndsAt = Date.parse(`${day}T00:00:00.000Z`) + 86_400_000;
    }
    return day;
  };
  let pending = new Map<string, StatIncrement>();

  const writePending = async () => {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await addStats(options.db, batch);
    } catch (error) {
      await recordError(options.db, `Writing card statistics failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // One flush at a time, in order: a flush waits for the one before it.
  const flusher = runEvery(options.flushIntervalMs, writePending, options.logger);

  return {
    count(cardId, event) {
      const day = today();
      const key = `${cardId}\u0000${day}\u0000${event}`;
      const current = pending.get(key);
      if (current) current.count += 1;
      else pending.set(key, { cardId, day, event, count: 1 });
    },
    flush: () => flusher.runNow(),
    close: () => flusher.stop(),
  };
}
