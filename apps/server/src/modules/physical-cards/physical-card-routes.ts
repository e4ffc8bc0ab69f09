import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activatePreorderInput,
  activationResponse,
  assignPhysicalCardInput,
  physicalCardListQuery,
  physicalCardListResponse,
  physicalCardResponse,
  physicalCardStateInput,
  physicalCardTexts,
  preorderIdParams,
  preorderStatusResponse,
} from '@cardstack/shared/physical-cards/schemas';
import { limitPerAddress } from '../rate-limit/rate-limit-module';
import { renderQrSvg } from '../public-card/public-card-module';
import * as physicalCards from './physical-card-service';
import { guards } from '../../http/route-guard';
import { keyed } from '@cardstack/shared/i18n/keyed';

/** Looking up pre-orders by id (the activation page): per client address, so ids cannot be tried in bulk. */
const lookupLimit = { max: 60, windowSeconds: 60 };

/**
 * /api/physical-cards: the activation page's look-up and the activation itself (signed in), and the owner's
 * (or team manager's) moves and switching off. The QR code of a physical card's address is public, like the
 * address it encodes: the printer fetches it from the batch's CSV.
 */
export function registerPhysicalCardRoutes(fastify: FastifyInstance, deps: physicalCards.PhysicalCardsDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/physical-cards/preorders/:preorderId',
    {
      schema: { params: preorderIdParams, response: { 200: preorderStatusResponse } },
      config: { guard: { caller: 'anyone', rateLimit: limitPerAddress(deps.rateLimiter, 'preorder-lookup', lookupLimit, keyed('tooManyActivations')) } },
    },
    async (request) => ({ preorder: await physicalCards.preorderStatus(deps, request.params.preorderId) }),
  );

  app.post(
    '/api/physical-cards/preorders/:preorderId/activate',
    { config: guards.signedIn, schema: { params: preorderIdParams, body: activatePreorderInput, response: { 200: activationResponse } } },
    async (request) => physicalCards.activatePreorder(deps, await request.caller(), request.params.preorderId, request.ip, request.body.cardId),
  );

  app.get('/api/physical-cards/preorders/:preorderId/qr.svg', { config: guards.anyone, schema: { params: preorderIdParams } }, async (request, reply) => {
    const svg = await renderQrSvg(physicalCards.printedQrUrl(deps.baseUrl, request.params.preorderId));
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  app.get('/api/physical-cards', { config: guards.signedIn, schema: { querystring: physicalCardListQuery, response: { 200: physicalCardListResponse } } }, async (request) => ({
    physicalCards: await physicalCards.listPhysicalCards(deps, await request.caller(), request.query.scope),
  }));

  app.post(
    '/api/physical-cards/:preorderId/assign',
    { config: guards.signedIn, schema: { params: preorderIdParams, body: assignPhysicalCardInput, response: { 200: physicalCardResponse } } },
    async (request) => ({
      physicalCard: await physicalCards.assignPhysicalCard(deps, await request.caller(), request.params.preorderId, request.body.cardId),
      message: physicalCardTexts.moved,
    }),
  );

  app.post(
    '/api/physical-cards/:preorderId/state',
    { config: guards.signedIn, schema: { params: preorderIdParams, body: physicalCardStateInput, response: { 200: physicalCardResponse } } },
    async (request) => ({
      physicalCard: await physicalCards.setPhysicalCardState(deps, await request.caller(), request.params.preorderId, request.body.isDeactivated),
      message: request.body.isDeactivated ? physicalCardTexts.deactivated : physicalCardTexts.reactivated,
    }),
  );
}
