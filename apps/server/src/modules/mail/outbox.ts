import crypto from 'node:crypto';
import type { AnyConnection } from '../../db/schema';
import type { JobQueue } from '../../jobs/jobs-module';
import { deleteMailOf, insertOutboxMail } from './mail-repository';
import type { MailTemplateData, MailTemplateName, SecurityNotice } from './templates/index';

/** Attempts at delivering one mail before it is marked failed (the job engine's retries, with backoff). */
export const maxMailAttempts = 8;
/** The first retry waits this long; each next one twice as long (30 s, 1 min, 2 min … about an hour). */
export const mailRetryDelaySeconds = 30;
export const mailSendJob = 'mail.send';

/** Queues mail. Call it with the transaction of the action that causes the mail (see `createMailOutbox`). */
export interface MailOutbox {
  enqueue<T extends MailTemplateName>(db: AnyConnection, message: { to: string; template: T; data: MailTemplateData<T> }): Promise<string>;
  /**
   * Queues the security notice of a change to the account (see templates/security-notice.tsx), stamped with the
   * time of the change: the mail says when it happened, however late it goes out.
   */
  securityNotice(db: AnyConnection, to: string, notice: SecurityNotice): Promise<string>;
}

/**
 * The outbox over a job queue. A mail queued with the transaction of the action that causes it is sent exactly when
 * that action commits: the outbox row and its `mail.send` job are written in that transaction, and the job engine
 * delivers it later, with retries.
 */
export function createMailOutbox(jobs: JobQueue): MailOutbox {
  const outbox: MailOutbox = {
    async enqueue(db, message) {
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      await insertOutboxMail(db, {
        id,
        to: message.to,
        template: message.template,
        data: JSON.stringify(message.data),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        last_error: null,
        sent_at: null,
      });
      await jobs.enqueue(db, mailSendJob, { mailId: id }, { retryLimit: maxMailAttempts - 1, retryDelaySeconds: mailRetryDelaySeconds });
      return id;
    },
    securityNotice(db, to, notice) {
      return outbox.enqueue(db, { to, template: 'security-notice', data: { ...notice, occurredAt: new Date().toISOString() } });
    },
  };
  return outbox;
}

/** Account deletion step: the outbox keeps none of the person's data (see `deleteMailOf`). */
export async function forgetMailOf(db: AnyConnection, userId: string, email: string): Promise<void> {
  await deleteMailOf(db, userId, email);
}
