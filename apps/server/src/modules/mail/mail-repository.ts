import type { Insertable, Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema';

/* The outbox as stored. The worker's claiming and delivery queries stay with the worker loop (worker.ts). */

export async function insertOutboxMail(db: Kysely<Database>, row: Insertable<MailOutboxTable>): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

/**
 * Account deletion: the mails addressed to the person (whatever their state: their address and what the mail
 * said about them go), and the team invitations they sent or whose team was theirs (their name is in them,
 * and the invitation dies with the account). Template data is JSON text on both engines, so the ids are
 * matched as the JSON writes them.
 */
export async function deleteMailOf(db: Kysely<Database>, userId: string, email: string): Promise<void> {
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
