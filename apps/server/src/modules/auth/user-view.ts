import { expressionBuilder } from 'kysely';
import type { AuthTables } from './auth-tables';

/**
 * The user rows other modules may join into one query (the operator console's list, owners' names): a derived
 * table of the columns the auth module shares, never a secret. Use it as `.innerJoin(userView().as('owner'), …)`.
 */
export function userView() {
  return expressionBuilder<AuthTables>().selectFrom('user').select(['id', 'name', 'email', 'emailVerified', 'createdAt']);
}
