import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponse } from '@cardstack/shared/http/answers';
import { maxDownloadableFileBytes } from '@cardstack/shared/cards/files';
import { maxImageUploadBytes } from '@cardstack/shared/cards/images';
import {
  cardFileParams,
  cardIdParams,
  cardImageParams,
  cardListResponse,
  cardResponse,
  createCardInput,
  setUsernameInput,
  updateCardInput,
  usernameAvailabilityQuery,
  usernameAvailabilityResponse,
} from '@cardstack/shared/cards/schemas';
import { createCard, duplicateCard } from './card-creation';
import type { CardsDeps } from './card-deps';
import { deleteCard } from './card-deletion';
import { setDefaultCard, updateCard } from './card-editing';
import { checkUsernameAvailability, getCard, getCardWithFeature, listCards } from './card-reads';
import { addCardFile, removeCardFile, removeCardImage, setCardImage } from './card-uploads';
import { readSingleFile } from '../../http/multipart';
import { guards } from '../../http/route-guard';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';

/** The single uploaded file of a multipart request, with a size limit and messages for the form. */
function readUpload(request: FastifyRequest, maxBytes: number, tooLargeMessage: KeyedMessage) {
  return readSingleFile(request, {
    maxFileBytes: maxBytes,
    tooLarge: { message: tooLargeMessage, field: 'file' },
    missing: { message: keyed('fileMissing'), field: 'file' },
  });
}

/**
 * /api/cards: thin handlers over the card use cases. Every route is signed-in only and checks access to the
 * card inside the use case, answering 404 for a card the caller may not see.
 */
export function registerCardRoutes(fastify: FastifyInstance, deps: CardsDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => request.caller();

  app.get('/api/cards', { config: guards.signedIn, schema: { response: { 200: cardListResponse } } }, async (request) => ({
    cards: await listCards(deps, await caller(request)),
  }));

  app.post('/api/cards', { config: guards.signedIn, schema: { body: createCardInput, response: { 201: cardResponse } } }, async (request, reply) => {
    const card = await createCard(deps, await caller(request), request.body);
    return reply.status(201).send({ card });
  });

  app.get(
    '/api/cards/username-availability',
    { config: guards.signedIn, schema: { querystring: usernameAvailabilityQuery, response: { 200: usernameAvailabilityResponse } } },
    async (request) => checkUsernameAvailability(deps, await caller(request), request.query.username, request.query.cardId),
  );

  app.get('/api/cards/:id', { config: guards.signedIn, schema: { params: cardIdParams, response: { 200: cardResponse } } }, async (request) => ({
    card: await getCard(deps, await caller(request), request.params.id),
  }));

  app.patch(
    '/api/cards/:id',
    { config: guards.signedIn, schema: { params: cardIdParams, body: updateCardInput, response: { 200: cardResponse } } },
    async (request) => ({ card: await updateCard(deps, await caller(request), request.params.id, request.body) }),
  );

  app.put(
    '/api/cards/:id/username',
    { config: guards.signedIn, schema: { params: cardIdParams, body: setUsernameInput, response: { 200: cardResponse } } },
    async (request) => ({
      card: await updateCard(deps, await caller(request), request.params.id, { username: request.body.username }),
    }),
  );

  app.post(
    '/api/cards/:id/duplicate',
    { config: guards.signedIn, schema: { params: cardIdParams, response: { 201: cardResponse } } },
    async (request, reply) => {
      const card = await duplicateCard(deps, await caller(request), request.params.id);
      return reply.status(201).send({ card });
    },
  );

  app.post('/api/cards/:id/default', { config: guards.signedIn, schema: { params: cardIdParams, response: { 200: cardResponse } } }, async (request) => ({
    card: await setDefaultCard(deps, await caller(request), request.params.id),
  }));

  app.delete('/api/cards/:id', { config: guards.signedIn, schema: { params: cardIdParams, response: { 200: okResponse } } }, async (request) => {
    await deleteCard(deps, await caller(request), request.params.id);
    return { ok: true as const };
  });

  app.post(
    '/api/cards/:id/images/:slot',
    { config: guards.signedIn, schema: { params: cardImageParams, response: { 200: cardResponse } } },
    async (request) => {
      const current = await caller(request);
      // Access first: a stranger learns nothing, and the upload is not read for a card they cannot change.
      await getCard(deps, current, request.params.id);
      const upload = await readUpload(request, maxImageUploadBytes, keyed('imageTooLarge'));
      return { card: await setCardImage(deps, current, request.params.id, request.params.slot, upload.body) };
    },
  );

  app.delete(
    '/api/cards/:id/images/:slot',
    { config: guards.signedIn, schema: { params: cardImageParams, response: { 200: cardResponse } } },
    async (request) => ({
      card: await removeCardImage(deps, await caller(request), request.params.id, request.params.slot),
    }),
  );

  app.post('/api/cards/:id/files', { config: guards.signedIn, schema: { params: cardIdParams, response: { 200: cardResponse } } }, async (request) => {
    const current = await caller(request);
    await getCardWithFeature(deps, current, request.params.id, 'attachments');
    const upload = await readUpload(request, maxDownloadableFileBytes, keyed('fileTooLarge'));
    return { card: await addCardFile(deps, current, request.params.id, upload) };
  });

  app.delete(
    '/api/cards/:id/files/:fileId',
    { config: guards.signedIn, schema: { params: cardFileParams, response: { 200: cardResponse } } },
    async (request) => ({
      card: await removeCardFile(deps, await caller(request), request.params.id, request.params.fileId),
    }),
  );
}
