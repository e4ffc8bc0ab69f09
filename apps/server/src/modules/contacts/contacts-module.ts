import type { JobQueue } from '../../jobs/jobs-module';
import { contactHooksOf, type AppModule } from '../module-contract';
import { registerContactRoutes } from './contact-routes';
import type { ContactsDeps } from './contact-deps';
import { contactArchivePart } from './contact-archive';
import { deleteContactsOfUser } from './contact-deletion';
import { registerContactImportJobs } from './import/contact-import';
import { registerContactImportRoutes } from './import/contact-import-routes';

/*
 * The contacts module's public entry: the contacts screens' routes, leads from the public card page, scanned
 * cards (saving and the duplicate check, used by the scanner module), the account-deletion step, and the
 * team's leads passing to its owner when a member leaves.
 */
export type { ContactCreatedHook, ContactsDeps } from './contact-deps';
export { createContact } from './contact-editing';
export { createLead, passTeamLeadsToOwner } from './contact-leads';
export { getContact, listContacts } from './contact-reads';
export { findDuplicateContacts, saveScannedContact } from './scanned-contacts';
export type { ContactTables } from './contacts-tables';

export interface ContactsModule extends AppModule {
  /** The contact use cases' dependencies, for the modules that add contacts (the scanner, the public API). */
  deps: ContactsDeps;
}

/**
 * `hooks` are the modules told of every new contact and lead, inside the transaction that inserts it (an import's
 * contacts are not: a file of 10,000 is one act of its owner, not 10,000 new-contact events for webhooks).
 */
export function createContactsModule(needs: Omit<ContactsDeps, 'onContactCreated'> & { hooks: readonly AppModule[]; jobs: JobQueue }): ContactsModule {
  const { hooks, jobs, ...rest } = needs;
  const deps: ContactsDeps = { ...rest, ...contactHooksOf(hooks) };
  const importDeps = { ...rest, jobs };
  return {
    name: 'contacts',
    deps,
    routes: (app) => {
      registerContactRoutes(app, deps);
      registerContactImportRoutes(app, importDeps);
    },
    jobs: (runner) => registerContactImportJobs(runner, importDeps),
    onAccountDeleted: (trx, account) => deleteContactsOfUser(deps, account.userId, trx),
    accountArchive: contactArchivePart(deps),
  };
}
