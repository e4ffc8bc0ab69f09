import { sql, type Insertable, type Kysely } from 'kysely';
import type { MailOutboxTable, MailTables } from './mail-tables';

/* The outbox as stored: one row per mail, the record of what was sent (its job only carries the id). */

export async function insertOutboxMail(db: Kysely<MailTables>, row: Insertable<MailOutboxTable>): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

export function findOutboxMail(db: Kysely<MailTables>, id: string) {
  return db.selectFrom('mail_outbox').select(['id', 'to', 'template', 'data', 'status', 'attempts']).where('id', '=', id).executeTakeFirst();
}

export async function markMailSent(db: Kysely<MailTables>, id: string, attempts: number, at: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: at, attempts, last_error: null, next_attempt_at: at }).where('id', '=', id).execute();
}

export async function markMailAttemptFailed(
  db: Kysely<MailTables>,
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
export async function clearSentMailBefore(db: Kysely<MailTables>, before: string): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ to: '', data: '{}' })
    .where('status', '=', 'sent')
    .where('sent_at', '<', before)
    .where('to', '<>', '')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Account deletion: the mails addressed to the person (whatever their state: their address and what the mail
 * said about them go), and the team invitations they sent or whose team was theirs (their name is in them,
 * and the invitation dies with the account). Template data is JSON text on both engines, so the ids are
 * matched as the JSON writes them.
 */
export async function deleteMailOf(db: Kysely<MailTables>, userId: string, email: string): Promise<void> {
  const quotedId = JSON.stringify(userId);
  await db
    .deleteFrom('mail_outbox')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['to']), '=', email.toLowerCase()),
        eb.and([
          eb('template', '=', 'team-invitation'),
          eb.or([eb('data', 'like', `%"invitedBy":${quotedId}%`), eb('data', 'like', `%"teamOwnerId":${quotedId}%`)]),
        ]),
      ]),
    )
    .execute();
}

// ---- For the operator console -----------------------------------------------------------------------------------

export async function listRecentMail(db: Kysely<MailTables>, limit: number) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to', 'template', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    template: row.template,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }));
}

export async function countUndelivered(db: Kysely<MailTables>): Promise<{ pending: number; failed: number }> {
  const rows = await db.selectFrom('mail_outbox').select(['status', sql<number>`count(*)`.as('n')]).groupBy('status').execute();
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { pending: of('pending') + of('sending'), failed: of('failed') };
}
