// The physical cards feature's public entry: what other features may use. Everything else in this folder is its own.
export { PhysicalCardsPanel } from './physical-cards-panel';
