// The contacts feature's public entry: what other features may use. Everything else in this folder is its own.
export { NewLeadEmailSetting } from './new-lead-email-setting';
export { useInvalidateContacts } from './api/contact-keys';
