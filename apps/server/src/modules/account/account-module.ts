/* The account module's public entry: profile, email, password, photo, account deletion and the access review. */
export { registerAccountRoutes } from './account-routes';
export { mailAccessAfterPasswordReset } from './access-review';
export { accountPhotoFolder, type AccountDeletion, type AccountDeletionStep } from './account-service';
