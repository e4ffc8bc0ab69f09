import { contactHooksOf, type AppModule } from '../module-contract';
import { publicCardFileFolders } from './card-files';
import { registerPublicCardJobs } from './current-card-artifacts';
import { registerPublicCardRoutes, type PublicCardRoutesOptions } from './public-card-routes';
import { createPublicCardService, type PublicCardService } from './public-card-service';
import type { PublicCardDeps } from './public-card-state';

/*
 * The public card page's public entry: the service (the cards module tells it of every card change), its routes,
 * the vCard and QR job, and the files a card's page links to (a blocked card's are not served to visitors).
 */
export { linkIdOf } from './card-links';
export type { PublicCardService } from './public-card-service';
export type { PhysicalCardRoute } from './public-card-state';
export { renderQrSvg } from './qr';

export interface PublicCardModule extends AppModule {
  service: PublicCardService;
}

/** `hooks` are the modules told of each lead left on a page, inside the transaction that stores it. */
export function createPublicCardModule(
  needs: Omit<PublicCardDeps, 'onLeadCreated'> & PublicCardRoutesOptions & { hooks: readonly AppModule[] },
): PublicCardModule {
  const service = createPublicCardService({ ...needs, onLeadCreated: contactHooksOf(needs.hooks).onContactCreated });
  return {
    name: 'public-card',
    service,
    routes: (app) => registerPublicCardRoutes(app, service, needs),
    jobs: (runner) => registerPublicCardJobs(runner, service),
    servedFiles: { folders: publicCardFileFolders, isServable: (key, viewerId) => service.isFileServable(key, viewerId) },
    onCardSaving: (trx, change) => service.onCardSaving(trx, change),
    onCardChanged: (change) => service.onCardChanged(change),
    close: () => service.close(),
  };
}
