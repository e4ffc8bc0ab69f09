import type { MetricsRegistry } from '../metrics/metrics-module';
import { contactHooksOf, type AppModule } from '../module-contract';
import { publicCardFileFolders } from './card-files';
import { registerPublicCardJobs } from './current-card-artifacts';
import type { EarlyAnswer } from '../../http/early-answers';
import { createPageFastPath, type PageFastPathOptions } from './page-fast-path';
import { registerPublicCardRoutes, type PublicCardRoutesOptions } from './public-card-routes';
import { createPublicCardService, type PublicCardService } from './public-card-service';
import type { PublicCardDeps } from './public-card-state';

/*
 * The public card page's public entry: the service (the cards module tells it of every card change), its routes,
 * the vCard and QR job, and the files a card's page links to (a blocked card's are not served to visitors).
 */
export { linkIdOf } from './card-links';
export { permanentCardUrl } from './card-artifacts';
export type { PublicCardService } from './public-card-service';
export type { PhysicalCardRoute } from './public-card-state';
export { renderQrSvg } from './qr';

export interface PublicCardModule extends AppModule {
  service: PublicCardService;
  /** The cached page answered before Fastify (page-fast-path.ts); the app uses it unless every request must be seen. */
  pageFastPath(options: PageFastPathOptions): EarlyAnswer;
}

/** `hooks` are the modules told of each lead left on a page, inside the transaction that stores it. */
export function createPublicCardModule(
  needs: Omit<PublicCardDeps, 'onLeadCreated'> & Omit<PublicCardRoutesOptions, 'countPageCache'> & { hooks: readonly AppModule[]; metrics: MetricsRegistry },
): PublicCardModule {
  const service = createPublicCardService({ ...needs, onLeadCreated: contactHooksOf(needs.hooks).onContactCreated });
  const pageCache = needs.metrics.counter({
    name: 'cards_public_page_cache_total',
    help: 'Public card page views: served from memory (hit), or the card read and its page rendered if need be (miss).',
    labelNames: ['outcome'],
  });
  // With metrics off there is nothing to count: the page's hot path keeps no extra call.
  const countPageCache = needs.metrics.isEnabled ? (outcome: 'hit' | 'miss') => pageCache.inc({ outcome }) : undefined;
  return {
    name: 'public-card',
    service,
    pageFastPath: (options) => createPageFastPath(service, options),
    routes: (app) => registerPublicCardRoutes(app, service, { ...needs, ...(countPageCache ? { countPageCache } : {}) }),
    jobs: (runner) => registerPublicCardJobs(runner, service),
    servedFiles: { folders: publicCardFileFolders, isServable: (key, viewerId) => service.isFileServable(key, viewerId) },
    onCardSaving: (trx, change) => service.onCardSaving(trx, change),
    onCardChanged: (change) => service.onCardChanged(change),
    close: () => service.close(),
  };
}
