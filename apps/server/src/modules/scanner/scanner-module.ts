import type { AppModule } from '../module-contract';
import { locateScannerAssets } from './scanner-assets';
import { registerScannerRoutes, type ScannerDeps } from './scanner-routes';

/*
 * The card scanner module's public entry: its routes (configuration, duplicate check, saving a reviewed card,
 * "Improve with AI") and the OCR files it serves from the npm packages.
 */
export type { ScannerDeps } from './scanner-routes';
export type { ScannerAssets } from './scanner-assets';

/** Without `assets`, the OCR files are looked up in the installed npm packages. */
export function createScannerModule(needs: Omit<ScannerDeps, 'assets'> & Partial<Pick<ScannerDeps, 'assets'>>): AppModule {
  const deps: ScannerDeps = { ...needs, assets: needs.assets === undefined ? locateScannerAssets() : needs.assets };
  return { name: 'scanner', routes: (app) => registerScannerRoutes(app, deps) };
}
