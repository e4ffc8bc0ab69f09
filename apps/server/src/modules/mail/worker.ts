import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { renderMail, type MailLinks } from './templates/index';
import type { MailTransport } from './transport';

export const maxMailAttempts = 8;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** A claim older than this is taken to belong to a process that died while sending. */
const staleClaimMs = 5 * 60_000;

export interface MailWorkerOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  from: string;
  baseUrl: string;
  /** Signs an invitation's link at send time, so the outbox holds none (see templates/links.ts). */
  invitationPath: MailLinks['invitationPath'];
  logger: Logger;
  intervalMs: number;
}

/**
 * Drains the outbox. Safe with several server processes: a message is claimed by a conditional update
 * (pending → sending) before it is sent, so only one process sends it.
 */
export function createMailWorker(options: MailWorkerOptions) {
  const { db, transport, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function deliverDue(now = new Date()): Promise<number> {
    const nowIso = now.toISOString();
    await db
      .updateTable('mail_outbox')
      .set({ status: 'pending' })
      .where('status', '=', 'sending')
      .where('next_attempt_at', '<', new Date(now.getTime() - staleClaimMs).toISOString())
      .execute();
    const due = await db
      .selectFrom('mail_outbox')
      .select(['id', 'to', 'template', 'data', 'attempts'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      .orderBy('next_attempt_at')
      .limit(20)
      .execute();
    let sent = 0;
    for (const message of due) {
      const claim = await db
        .updateTable('mail_outbox')
        .set({ status: 'sending', next_attempt_at: nowIso })
        .where('id', '=', message.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      try {
        const rendered = renderMail(message.template, JSON.parse(message.data), { baseUrl: options.baseUrl, invitationPath: options.invitationPath });
        await transport.send({ from: options.from, to: message.to, ...rendered });
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: new Date().toISOString(), attempts: message.attempts + 1, last_error: null })
          .where('id', '=', message.id)
          .execute();
        sent += 1;
      } catch (error) {
        const attempts = message.attempts + 1;
        const reason = error instanceof Error ? error.message : String(error);
        const gaveUp = attempts >= maxMailAttempts;
        logger.warn({ mailId: message.id, attempts, err: reason }, gaveUp ? 'mail failed for good' : 'mail failed, will retry');
        await db
          .updateTable('mail_outbox')
          .set({
            status: gaveUp ? 'failed' : 'pending',
            attempts,
            last_error: reason.slice(0, 1000),
            next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
          })
          .where('id', '=', message.id)
          .execute();
      }
    }
    return sent;
  }

  /** Runs one pass unless one is already running; returns how many mails were sent. */
  function drain(): Promise<number> {
    running ??= deliverDue().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    drain,
    deliverDue,
    start() {
      timer = setInterval(() => {
        drain().catch((error: unknown) => logger.error({ err: error }, 'mail worker pass failed'));
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
