/*
 * The contacts module's public entry: the contacts screens' routes, leads from the public card page, scanned
 * cards (saving and the duplicate check, used by the scanner module), the account-deletion step, and the
 * team's leads passing to its owner when a member leaves.
 */
export { registerContactRoutes } from './contact-routes';
export {
  createContact,
  createLead,
  deleteContactsOfUser,
  getContact,
  listContacts,
  findDuplicateContacts,
  passTeamLeadsToOwner,
  saveScannedContact,
  type ContactCreatedHook,
  type ContactsDeps,
} from './contact-service';
export type { ContactTables } from './contacts-tables';
