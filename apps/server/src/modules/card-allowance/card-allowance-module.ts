/*
 * The card allowance's public entry: one service, made once by the composition root and handed to the cards,
 * teams, billing and public-card modules. See card-allowance.ts.
 */
export { createCardAllowance, isCardLimitError } from './card-allowance';
export type { CardAllowanceService } from './card-allowance';
