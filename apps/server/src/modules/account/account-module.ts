/* The account module's public entry: profile, email, password, photo and account deletion. */
export { registerAccountRoutes } from './account-routes';
export type { AccountDeletion, AccountDeletionStep } from './account-service';
