/* The account module's public entry: profile, email, password, photo and account deletion. */
export { registerAccountRoutes } from './account-routes';
export { accountPhotoFolder, type AccountDeletion, type AccountDeletionStep } from './account-service';
