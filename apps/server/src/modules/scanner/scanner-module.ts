/*
 * The card scanner module's public entry: its routes (configuration, duplicate check, saving a reviewed card,
 * "Improve with AI") and the OCR files it serves from the npm packages.
 */
export { registerScannerRoutes, type ScannerDeps } from './scanner-routes';
export { locateScannerAssets, type ScannerAssets } from './scanner-assets';
