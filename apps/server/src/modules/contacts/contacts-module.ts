/*
 * The contacts module's public entry: the contacts screens' routes, leads from the public card page, scanned
 * cards (saving and the duplicate check, used by the scanner module), and the account-deletion step.
 */
export { registerContactRoutes } from './contact-routes';
export { createLead, deleteContactsOfUser, findDuplicateContacts, saveScannedContact, type ContactsDeps } from './contact-service';
