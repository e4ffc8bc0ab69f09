/*
 * The wallet passes' public entry: the service (made once by the composition root; the cards module tells it of
 * every save), its job kinds, its routes, and the credentials source (configured, or development ones made once).
 */
export { registerWalletRoutes } from './wallet-routes';
export { createWalletService, registerWalletJobs, type WalletService } from './wallet-service';
export { walletCredentialStates, walletCredentialsSource } from './wallet-credentials';
export type { WalletTables } from './wallet-tables';
