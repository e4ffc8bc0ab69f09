import type { Logger } from 'pino';
import type { AnyConnection } from '../../db/schema';
import type { JobRunner } from '../../jobs/jobs-module';
import { clearSentMailBefore, findOutboxMail, markMailAttemptFailed, markMailSent } from './mail-repository';
import { mailRetryDelaySeconds, mailSendJob, maxMailAttempts } from './outbox';
import { renderMail, type MailLinks, type MailRecipient } from './templates/index';
import type { MailTransport } from './transport';

/* Delivery of the outbox, one `mail.send` job per mail, and the retention clean-up of sent mail. */

export interface MailJobsDeps {
  db: AnyConnection;
  transport: MailTransport;
  from: string;
  baseUrl: string;
  /** Signs an invitation's link at send time, so the outbox holds none (see templates/links.ts). */
  invitationPath: MailLinks['invitationPath'];
  /** The language and time zone of the account with this address (the auth module's), read at send time. */
  recipientOf(email: string): Promise<MailRecipient>;
  logger: Logger;
  /** Sent mail loses its address and data after this many days. */
  retentionDays: number;
}

/** Retry delay after the n-th failed attempt, as the job engine waits it: 30 s, 1 min, 2 min … */
export function retryDelayMs(attempts: number): number {
  return mailRetryDelaySeconds * 1000 * 2 ** Math.max(0, attempts - 1);
}

/**
 * Sends one mail of the outbox. The job holds the mail while it runs, so a slow send is never picked up by
 * another process; a mail already sent (its job ran again after a crash past the send) is not sent twice.
 * A failure is recorded on the mail and thrown, so the engine retries it later.
 */
export async function deliverMail(deps: Omit<MailJobsDeps, 'retentionDays'>, payload: { mailId: string }): Promise<void> {
  const mail = await findOutboxMail(deps.db, payload.mailId);
  if (!mail || mail.status === 'sent') return;
  const attempts = mail.attempts + 1;
  try {
    const recipient = await deps.recipientOf(mail.to);
    const rendered = renderMail(mail.template as never, JSON.parse(mail.data), { baseUrl: deps.baseUrl, invitationPath: deps.invitationPath }, recipient);
    await deps.transport.send({ from: deps.from, to: mail.to, ...rendered });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const gaveUp = attempts >= maxMailAttempts;
    deps.logger.warn({ mailId: mail.id, attempts, err: reason }, gaveUp ? 'mail failed for good' : 'mail failed, will retry');
    await markMailAttemptFailed(deps.db, mail.id, { attempts, gaveUp, reason, nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)).toISOString() });
    throw error;
  }
  await markMailSent(deps.db, mail.id, attempts, new Date().toISOString());
}

export const mailRetentionJob = 'mail.retention';

export async function clearOldSentMail(deps: Pick<MailJobsDeps, 'db' | 'retentionDays'>, now = new Date()): Promise<number> {
  return clearSentMailBefore(deps.db, new Date(now.getTime() - deps.retentionDays * 86_400_000).toISOString());
}

/** The mail module's job kinds: delivery, and the daily retention clean-up (at 03:10 UTC). */
export function registerMailJobs(runner: JobRunner, deps: MailJobsDeps): void {
  runner.register<{ mailId: string }>(mailSendJob, (payload) => deliverMail(deps, payload));
  runner.register(mailRetentionJob, async () => {
    const cleared = await clearOldSentMail(deps);
    if (cleared > 0) deps.logger.info({ cleared }, 'cleared the personal data of old sent mail');
  });
  runner.schedule(mailRetentionJob, '10 3 * * *');
}
