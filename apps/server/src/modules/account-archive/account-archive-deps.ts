import type { AnyConnection } from '../../db/schema';
import type { JobQueue } from '../../jobs/jobs-module';
import type { MailOutbox } from '../mail/mail-module';
import type { AccountArchivePart, AppModule } from '../module-contract';
import type { FileStorage } from '../storage/storage-module';

/** What the account archive's use cases receive. */
export interface AccountArchiveDeps {
  db: AnyConnection;
  storage: FileStorage;
  jobs: JobQueue;
  outbox: MailOutbox;
  /** This server's public origin: the manifest's `source` and the moves' addresses. */
  baseUrl: string;
  /** The app's modules; each archives its own rows through its `accountArchive` part. */
  modules: readonly AppModule[];
  /** A card's public page (the public-card module's address rule). */
  publicCardUrl: (cardId: string) => string;
  /** Whether a card still exists (a moved card deleted since is left out of the moves answer). */
  cardExists: (cardId: string) => Promise<boolean>;
  now: () => Date;
}

export const exportJob = 'account-archive.export';
export const importJob = 'account-archive.import';
export const expireExportsJob = 'account-archive.expire-exports';

export const exportFolder = 'account-exports';
export const importFolder = 'account-imports';

/** The parts in the order they are asked: the one that makes cards first, then the others in creation order. */
export function partsOf(modules: readonly AppModule[]): { module: string; part: AccountArchivePart }[] {
  const parts = modules.flatMap((module) => (module.accountArchive ? [{ module: module.name, part: module.accountArchive }] : []));
  return [...parts.filter(({ part }) => part.makesCards), ...parts.filter(({ part }) => !part.makesCards)];
}
