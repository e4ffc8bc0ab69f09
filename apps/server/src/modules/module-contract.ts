import type { FastifyInstance } from 'fastify';
import type { ContactSummary } from '@cardstack/shared/contacts/schemas';
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
