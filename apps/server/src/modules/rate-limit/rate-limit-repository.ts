import { sql, type Kysely } from 'kysely';
import type { RateLimitTables } from './rate-limit-tables';

/**
 * Counts one hit against `key` in one statement (an upsert), so concurrent requests on several processes
 * never pass a stale read: a bucket whose window has ended starts again at 1. Answers the count after this
 * hit and when the window ends (epoch ms).
 */
export async function hit(db: Kysely<RateLimitTables>, key: string, now: number, windowMs: number): Promise<{ count: number; expiresAt: number }> {
  const expiresAt = now + windowMs;
  const row = await db
    .insertInto('rate_limit_bucket')
    .values({ key, count: 1, window_start: now, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limit_bucket.expires_at <= ${now} then 1 else rate_limit_bucket.count + 1 end`,
        window_start: sql<number>`case when rate_limit_bucket.expires_at <= ${now} then ${now} else rate_limit_bucket.window_start end`,
        expires_at: sql<number>`case when rate_limit_bucket.expires_at <= ${now} then ${expiresAt} else rate_limit_bucket.expires_at end`,
      }),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), expiresAt: Number(row.expires_at) };
}

/** Forgets the buckets whose window ended before `now`. */
export async function deleteExpired(db: Kysely<RateLimitTables>, now: number): Promise<void> {
  await db.deleteFrom('rate_limit_bucket').where('expires_at', '<', now).execute();
}

/** Starts a key afresh (after a successful sign-in, its failed attempts no longer count). */
export async function reset(db: Kysely<RateLimitTables>, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_bucket').where('key', '=', key).execute();
}
