import type { AppModule } from '../module-contract';
import { registerAccountRoutes } from './account-routes';
import { accountPhotoFolder, type AccountDeps } from './account-service';

/* The account module's public entry: profile, email, password, photo, account deletion and the access review. */
export { mailAccessAfterPasswordReset } from './access-review';

/**
 * `accountDeletion` lists the app's modules in creation order: deleting an account asks each, newest first, to
 * let go (`beforeAccountDeleted`) and then to delete its rows in one transaction (`onAccountDeleted`).
 */
export function createAccountModule(deps: AccountDeps): AppModule {
  return {
    name: 'account',
    routes: (app) => registerAccountRoutes(app, deps),
    // The account photo is shown on the person's public cards and in the app.
    servedFiles: { folders: [accountPhotoFolder] },
  };
}
