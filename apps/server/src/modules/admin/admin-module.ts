/*
 * The operator console's public entry: its routes, the operator check, what the auth module asks at sign-up and
 * sign-in (the registration policy, disabled accounts), the operators' addresses (for operator mail) and the
 * CLI's commands.
 */
export { registerAdminRoutes } from './admin-routes';
export { isAccountDisabled, isConfirmationRequired, operatorEmails, signUpRefusal, type AdminDeps } from './admin-service';
export { adminCliUsage, runAdminCommand } from './admin-cli-commands';
export type { AdminTables } from './admin-tables';
