import type { Insertable, Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema';

/* The outbox as stored. The worker's claiming and delivery queries stay with the worker loop (worker.ts). */

export async function insertOutboxMail(db: Kysely<Database>, row: Insertable<MailOutboxTable>): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}
