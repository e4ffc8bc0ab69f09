/*
 * The mail module's public entry: queue a mail inside the transaction that causes it, and the transports and
 * delivery worker the composition root builds from configuration.
 */
export { enqueueMail, forgetMailOf } from './outbox';
export { createLocalMailboxTransport, createSmtpTransport, type MailTransport } from './transport';
export { createMailWorker, type MailWorker } from './worker';
export type { InvitationLinkClaims } from './templates/index';
