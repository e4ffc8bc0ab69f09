/*
 * The mail module's public entry: queue a mail inside the transaction that causes it, the transports the
 * composition root builds from configuration, and the mail job kinds (delivery, retention clean-up).
 */
export { enqueueMail } from './outbox';
export { createLocalMailboxTransport, createSmtpTransport, type MailTransport } from './transport';
export { registerMailJobs, type MailJobsDeps } from './mail-jobs';
