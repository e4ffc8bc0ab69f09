/* The account module's public entry: profile, email, password, photo, account deletion and the access review. */
export { registerAccountRoutes } from './account-routes';
export { mailAccessAfterPasswordReset } from './access-review';
export type { AccountDeletion, AccountDeletionStep } from './account-service';
