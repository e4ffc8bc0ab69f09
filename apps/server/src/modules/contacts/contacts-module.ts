import { contactHooksOf, type AppModule } from '../module-contract';
import { registerContactRoutes } from './contact-routes';
import type { ContactsDeps } from './contact-deps';
import { deleteContactsOfUser } from './contact-deletion';

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

/** `hooks` are the modules told of every new contact and lead, inside the transaction that inserts it. */
export function createContactsModule(needs: Omit<ContactsDeps, 'onContactCreated'> & { hooks: readonly AppModule[] }): ContactsModule {
  const { hooks, ...rest } = needs;
  const deps: ContactsDeps = { ...rest, ...contactHooksOf(hooks) };
  return {
    name: 'contacts',
    deps,
    routes: (app) => registerContactRoutes(app, deps),
    onAccountDeleted: (trx, account) => deleteContactsOfUser(deps, account.userId, trx),
  };
}
