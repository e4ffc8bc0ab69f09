/*
 * The mail module's public entry: queue a mail inside the transaction that causes it (a security notice through
 * its own helper, which stamps the time), the transports the composition root builds from configuration, and the
 * mail job kinds (delivery, retention clean-up).
 */
export { enqueueMail, enqueueSecurityNotice, forgetMailOf } from './outbox';
export { createLocalMailboxTransport, createSmtpTransport, type MailTransport } from './transport';
export { registerMailJobs, type MailJobsDeps } from './mail-jobs';
export { countUndelivered, listRecentMail } from './mail-repository';
export type { InvitationLinkClaims, RemainingAccess, SecurityChange, SecurityNotice, SignInMethod } from './templates/index';
export type { MailTables } from './mail-tables';
