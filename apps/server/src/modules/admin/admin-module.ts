import type { FastifyRequest } from 'fastify';
import type { AnyConnection } from '../../db/schema';
import type { AppModule } from '../module-contract';
import { registerAdminRoutes } from './admin-routes';
import { isAccountDisabled, isConfirmationRequired, operatorEmails, operatorOnly, signUpRefusal, type AdminDeps } from './admin-service';

/*
 * The operator console's public entry: its routes, the operator check, the account policy the auth module asks at
 * sign-up and sign-in (the registration policy, disabled accounts), the operators' addresses (for operator mail)
 * and the CLI's commands.
 */
export { isAccountDisabled, type AdminDeps } from './admin-service';
export { adminCliUsage, parseAdminCommand, runAdminCommand } from './admin-cli-commands';
export type { AdminTables } from './admin-tables';

/** What the operators decided about accounts, asked by the modules that let people in or mail the operators. */
export interface AccountPolicy {
  /** Whether a new account with this address may be made: a refusal's message, else null. */
  signUpRefusal(email: string): Promise<string | null>;
  /** A disabled account gets no new session and its existing ones stop working. */
  isAccountDisabled(userId: string): Promise<boolean>;
  /** Whether an unconfirmed address may use the app (not under a closed or invitation-only registration). */
  isConfirmationRequired(): Promise<boolean>;
  /** Who hears of operator matters: ADMIN_EMAILS and the promoted users. */
  operatorEmails(): Promise<string[]>;
}

export function createAccountPolicy(deps: { db: AnyConnection; adminEmails: readonly string[]; now: () => Date }): AccountPolicy {
  return {
    signUpRefusal: (email) => signUpRefusal(deps, email),
    isAccountDisabled: (userId) => isAccountDisabled(deps.db, userId),
    isConfirmationRequired: () => isConfirmationRequired(deps.db),
    operatorEmails: () => operatorEmails(deps),
  };
}

export interface AdminModule extends AppModule {
  deps: AdminDeps;
  /** The route guard's check for `caller: 'operator'`: 401 signed out, 403 for anyone but an operator. */
  requireOperator: (request: FastifyRequest) => Promise<void>;
}

export function createAdminModule(deps: AdminDeps): AdminModule {
  return { name: 'admin', deps, requireOperator: operatorOnly(deps), routes: (app) => registerAdminRoutes(app, deps) };
}
