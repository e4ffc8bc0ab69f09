import type { Insertable, Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema';

/* The outbox as stored: one row per mail, the record of what was sent (its job only carries the id). */

export async function insertOutboxMail(db: Kysely<Database>, row: Insertable<MailOutboxTable>): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

export function findOutboxMail(db: Kysely<Database>, id: string) {
  return db.selectFrom('mail_outbox').select(['id', 'to', 'template', 'data', 'status', 'attempts']).where('id', '=', id).executeTakeFirst();
}

export async function markMailSent(db: Kysely<Database>, id: string, attempts: number, at: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: at, attempts, last_error: null, next_attempt_at: at }).where('id', '=', id).execute();
}

export async function markMailAttemptFailed(
  db: Kysely<Database>,
  id: string,
  failure: { attempts: number; gaveUp: boolean; reason: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: failure.gaveUp ? 'failed' : 'pending',
      attempts: failure.attempts,
      last_error: failure.reason.slice(0, 1000),
      next_attempt_at: failure.nextAttemptAt,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Sent mail keeps its record but loses the personal data: the address and the template data (names, lead
 * details). Returns how many mails were cleared.
 */
export async function clearSentMailBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ to: '', data: '{}' })
    .where('status', '=', 'sent')
    .where('sent_at', '<', before)
    .where('to', '<>', '')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
