import type { FastifyInstance } from 'fastify';
import type { ContactSummary } from '@cardstack/shared/contacts/schemas';
import type { AccountImportReport } from '@cardstack/shared/account/account-archive';
import type { AnyConnection } from '../db/schema';
import type { JobRunner } from '../jobs/jobs-module';

/*
 * The one shape of a feature module (docs/decisions/0037-module-contract.md). Every module's public entry exports
 * `create<Name>Module(needs)`, which takes what the module needs as plain values and returns an `AppModule`: what
 * it adds to the app (routes, job kinds, served files) and the hooks it answers (account deletion, card saves,
 * new contacts). The composition root creates the modules in dependency order and loops over them; it decides
 * nothing a module could decide. A module may return more than the contract (its use cases for the modules
 * created after it); those are named in its entry.
 */

/** The account being deleted: its id, and the address the outbox forgets. */
export interface DeletedAccount {
  userId: string;
  email: string;
}

/** A card saved inside a transaction: the hooks queue their work (vCard, wallet pushes, webhooks) with it. */
export interface CardSaving {
  cardId: string;
  kind: 'saved' | 'duplicated';
}

/** A card change after its transaction committed: caches drop their copy. */
export interface CardChange {
  cardId: string;
  ownerId: string;
  kind: 'saved' | 'duplicated' | 'deleted';
}

/** A contact or lead inserted inside a transaction. */
export interface ContactCreated {
  event: 'lead.created' | 'contact.created';
  contact: ContactSummary;
}

/** Storage folders a module's files are served from at `/files/`, and who may see one of them. */
export interface ServedFiles {
  folders: readonly string[];
  /** Asked for every key in those folders; `viewerId` resolves the signed-in user only when asked. */
  isServable?: (key: string, viewerId: () => Promise<string | null>) => Promise<boolean>;
}

/** Work left for after a transaction commits (deleting stored files). */
export type AfterCommit = () => Promise<void>;

/** What a module adds to an account's archive ("Download my data"): files under its own folder of the archive. */
export interface AccountArchiveWriter {
  /** A JSON file (written indented, so a person can read it). */
  json(path: string, value: unknown): void;
  /** A stored file's bytes. */
  file(path: string, body: Buffer): void;
  /** The archived cards' ids, filled by the part that `makesCards` (asked first): the other parts write these cards' rows. */
  readonly cardIds: string[];
}

/** An uploaded archive, checked against its limits and read into memory before any part is asked. */
export interface AccountArchiveReader {
  /** The parsed JSON file at `path`; undefined when the archive has none (a broken JSON file refuses the archive). */
  json(path: string): unknown;
  file(path: string): Buffer | undefined;
}

/** What the parts of one import share: who imports, the cards made so far, and what the report says. */
export interface AccountImportContext {
  userId: string;
  /** The archive's card ids → the cards made here; filled by the part that `makesCards`. */
  cardIds: Map<string, string>;
  /** Stored files written so far: removed when the import fails, so a failure leaves no file behind. */
  writtenFiles: string[];
  report: AccountImportReport;
}

/**
 * A module's part of an account archive (docs/moving-an-account.md): it writes its own rows and files into the
 * archive and makes them again from it, so no other module reads its tables. Parts are asked in creation order,
 * except that the part that `makesCards` is asked first (the others map card ids through `cardIds`).
 */
export interface AccountArchivePart {
  /** The files this part writes, each with a line of the archive's README.md. */
  readonly files: readonly { path: string; about: string }[];
  readonly makesCards?: boolean;
  /** Writes the user's rows and files (never secrets, tokens or key hashes). */
  exportPart(userId: string, archive: AccountArchiveWriter): Promise<void>;
  /**
   * Checks its part of an uploaded archive before anything is written: throws an `AppError` (400) naming what
   * is wrong; nothing is written then.
   */
  checkPart?(archive: AccountArchiveReader): void;
  /** Makes its rows (inside the import's one transaction) and files (recorded in `writtenFiles`). */
  importPart?(trx: AnyConnection, archive: AccountArchiveReader, context: AccountImportContext): Promise<void>;
  /** After the import committed: caches and generated files follow the new rows. */
  afterImport?(context: AccountImportContext): void;
}

export interface AppModule {
  /** The module's folder name. */
  readonly name: string;
  /** Adds the module's HTTP routes. */
  routes?(app: FastifyInstance): void | Promise<void>;
  /** Registers the module's job handlers and schedules; the runner starts after every route is added. */
  jobs?(runner: JobRunner): void;
  servedFiles?: ServedFiles;
  /**
   * Paths other servers call, not browsers (a signed webhook, a token endpoint, a device's registration), with an
   * optional trailing `*`: the cross-site check lets their state-changing requests through.
   */
  serverCalledPaths?: readonly string[];
  /**
   * Account deletion, before its transaction: a module whose outside service must let go first (the payment
   * provider). Throwing keeps the account whole.
   */
  beforeAccountDeleted?(userId: string): Promise<void>;
  /**
   * Account deletion, inside its one transaction. Modules are asked in reverse creation order: a module deletes
   * its rows before the modules it builds on delete theirs (teams hand cards over before the cards go). What it
   * returns runs after the commit (files to remove).
   */
  onAccountDeleted?(trx: AnyConnection, account: DeletedAccount): Promise<AfterCommit | void>;
  /** Inside the transaction of every card save. */
  onCardSaving?(trx: AnyConnection, change: CardSaving): Promise<void>;
  /** After every committed card change. */
  onCardChanged?(change: CardChange): void;
  /** Inside the transaction that inserts a contact or a lead. */
  onContactCreated?(trx: AnyConnection, change: ContactCreated): Promise<void>;
  /** When the app closes, after the job runner stopped. */
  close?(): Promise<void>;
  /** Its part of an account's archive (export and import). */
  accountArchive?: AccountArchivePart;
}

/** The card hooks of every module in `modules`, asked in order: what the cards module calls on each save. */
export function cardHooksOf(modules: readonly AppModule[]): Required<Pick<AppModule, 'onCardSaving' | 'onCardChanged'>> {
  return {
    async onCardSaving(trx, change) {
      for (const module of modules) await module.onCardSaving?.(trx, change);
    },
    onCardChanged(change) {
      for (const module of modules) module.onCardChanged?.(change);
    },
  };
}

/** The new-contact hooks of every module in `modules`: what the contacts module calls for each contact and lead. */
export function contactHooksOf(modules: readonly AppModule[]): Required<Pick<AppModule, 'onContactCreated'>> {
  return {
    async onContactCreated(trx, change) {
      for (const module of modules) await module.onContactCreated?.(trx, change);
    },
  };
}
