/*
 * The contacts module's public entry: the contacts screens' routes, leads from the public card page, and the
 * account-deletion step.
 */
export { registerContactRoutes } from './contact-routes';
export { createLead, deleteContactsOfUser, type ContactsDeps } from './contact-service';
