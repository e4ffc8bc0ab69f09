import type { JobQueue } from '../../jobs/jobs-module';
import type { MetricsRegistry } from '../metrics/metrics-module';
import type { AppModule } from '../module-contract';
import { registerMailJobs, type MailJobsDeps } from './mail-jobs';
import { countUndelivered } from './mail-repository';
import { createMailOutbox, forgetMailOf, type MailOutbox } from './outbox';

/*
 * The mail module's public entry: the outbox every module queues its mail through (inside the transaction that
 * causes it), the transports the composition root builds from configuration, and the mail job kinds (delivery,
 * retention clean-up). An account's deletion clears its mail from the outbox.
 */
export type { MailOutbox } from './outbox';
export { createLocalMailboxTransport, createSmtpTransport, type MailTransport } from './transport';
export { countUndelivered, listRecentMail } from './mail-repository';
export type { InvitationLinkClaims, RemainingAccess, SecurityChange, SecurityNotice, SignInMethod } from './templates/index';
export { operatorResetDetail } from './templates/security-notice';
export type { MailTables } from './mail-tables';

export interface MailModule extends AppModule {
  outbox: MailOutbox;
}

export function createMailModule(needs: MailJobsDeps & { jobs: JobQueue; metrics: MetricsRegistry }): MailModule {
  needs.metrics.gauge({
    name: 'cards_mail_outbox',
    help: 'Mail not yet delivered: pending (waiting for its first or next attempt) and failed (gave up), read at each scrape.',
    labelNames: ['status'],
    async collect() {
      const { pending, failed } = await countUndelivered(needs.db);
      return [
        { labels: { status: 'pending' }, value: pending },
        { labels: { status: 'failed' }, value: failed },
      ];
    },
  });
  return {
    name: 'mail',
    outbox: createMailOutbox(needs.jobs),
    jobs: (runner) => registerMailJobs(runner, needs),
    onAccountDeleted: (trx, account) => forgetMailOf(trx, account.userId, account.email),
  };
}
