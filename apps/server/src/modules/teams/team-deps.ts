import type { AnyConnection } from '../../db/schema';
import type { JobQueue } from '../../jobs/jobs-module';
import type { CardAllowanceService, CardsDeps } from '../cards/cards-module';
import type { MailOutbox } from '../mail/mail-module';

/** What every team use case receives from the composition root. */
export interface TeamsDeps {
  db: AnyConnection;
  /** The server secret the invitation links are signed under. */
  secret: string;
  cards: CardsDeps;
  /** The team's cards under the Teams plan's allowance (usage, team cards, the import). */
  cardAllowance: Pick<CardAllowanceService, 'ofTeam'>;
  /** The billing clock (tests move it); decides expiry and which subscription is current. */
  now: () => Date;
  /** Queues the bulk import's job with the import. */
  jobs: JobQueue;
  /** The invitation mails. */
  outbox: MailOutbox;
}

export const iso = (date: Date) => date.toISOString();
