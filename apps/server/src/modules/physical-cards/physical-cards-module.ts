import type { AppModule } from '../module-contract';
import { registerPhysicalCardRoutes } from './physical-card-routes';
import type { PhysicalCardsDeps } from './physical-card-service';

/*
 * The physical cards module's public entry: pre-ordered NFC cards (activation, moves, switching off), the
 * address resolution the public page asks for, and the operator's batches (the admin module and CLI use them).
 */
export {
  createPreorderBatch,
  findPreorderBatch,
  listPreorderBatches,
  listPreordersOfBatch,
  physicalCardRoute,
  physicalCardUrl,
  preorderCsv,
  type PhysicalCardsDeps,
} from './physical-card-service';
export type { PhysicalCardTables } from './physical-cards-tables';

export function createPhysicalCardsModule(deps: PhysicalCardsDeps): AppModule {
  return { name: 'physical-cards', routes: (app) => registerPhysicalCardRoutes(app, deps) };
}
