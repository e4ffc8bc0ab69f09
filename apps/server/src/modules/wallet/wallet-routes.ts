import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appleDevicePassesParams,
  appleDevicePassesQuery,
  appleDeviceRegistrationBody,
  appleDeviceRegistrationParams,
  appleLogBody,
  applePassParams,
  applePassSettingsInput,
  appleSerialNumbersResponse,
  googlePassSettingsInput,
  walletCardParams,
  walletResponse,
} from '@cardstack/shared/wallet/schemas';
import { limitPerAddress, type RateLimiter } from '../rate-limit/rate-limit-module';
import { attachmentDisposition } from '../storage/storage-module';
import { pkpassContentType } from './apple-pass';
import type { WalletService } from './wallet-service';
import { guards } from '../../http/route-guard';

const publicKeyParams = z.object({ key: z.string().min(1).max(64) });

/** Apple's web service takes no cookies and answers only with the statuses its protocol documents. */
const unauthorised = (reply: FastifyReply) => reply.status(401).send();

/**
 * The wallet routes: the editor tabs' settings (signed-in, the card's access and plan checked in the use
 * case), the visitor's download and save link (public), and Apple's pass web service under
 * /api/wallet/apple/v1/ (devices, authenticated by the pass's own token).
 */
export function registerWalletRoutes(fastify: FastifyInstance, service: WalletService, options: { rateLimiter: RateLimiter; countWalletAdd: (request: FastifyRequest, cardId: string) => void }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Unauthenticated by Apple's protocol (the log), able to sign a pass (a download before the save's job ran) or to
  // cause calls to Google's API (a big pass is inserted before its link is made): a visitor or device needs a
  // handful per minute, never hundreds.
  const perAddress = (name: string) => limitPerAddress(options.rateLimiter, name, { max: 30, windowSeconds: 60 });
  // Registering for a pass's updates: a device does it once per pass, a phone and a watch per visitor. Per address
  // (a shared network still fits) before anything else, and per pass once the request holds the pass's token
  // (so nobody without it spends a pass's allowance); the device limit per pass bounds what remains.
  const registrationsPerAddress = limitPerAddress(options.rateLimiter, 'wallet-device-registration', { max: 30, windowSeconds: 600 });
  const registrationsOfPass = (cardId: string) =>
    options.rateLimiter.enforce([{ key: `wallet-device-registration:pass:${cardId}`, rule: { max: 200, windowSeconds: 3600 } }]);

  // ---- The editor's Apple Wallet and Google Wallet tabs ----
  app.get('/api/cards/:id/wallet', { config: guards.signedIn, schema: { params: walletCardParams, response: { 200: walletResponse } } }, async (request) =>
    service.walletOf(await request.caller(), request.params.id),
  );
  app.put(
    '/api/cards/:id/wallet/apple',
    { config: guards.signedIn, schema: { params: walletCardParams, body: applePassSettingsInput, response: { 200: walletResponse } } },
    async (request) => service.saveSettings(await request.caller(), request.params.id, 'apple', request.body),
  );
  app.put(
    '/api/cards/:id/wallet/google',
    { config: guards.signedIn, schema: { params: walletCardParams, body: googlePassSettingsInput, response: { 200: walletResponse } } },
    async (request) => service.saveSettings(await request.caller(), request.params.id, 'google', request.body),
  );

  // ---- The public card's buttons ----
  app.get('/id/:key/apple-wallet.pkpass', { schema: { params: publicKeyParams }, preHandler: perAddress('wallet-apple-pass') }, async (request, reply) => {
    const pass = await service.applePassForVisitor(request.params.key);
    options.countWalletAdd(request, pass.cardId);
    return reply
      .headers({ 'content-type': pkpassContentType, 'content-disposition': attachmentDisposition(pass.fileName), 'cache-control': 'no-cache' })
      .send(pass.body);
  });
  app.get('/id/:key/google-wallet', { schema: { params: publicKeyParams }, preHandler: perAddress('wallet-google-link') }, async (request, reply) => {
    const { cardId, url } = await service.googleSaveUrlForVisitor(request.params.key);
    options.countWalletAdd(request, cardId);
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  // ---- Apple's pass web service (webServiceURL = $BASE_URL/api/wallet/apple/) ----
  const base = '/api/wallet/apple/v1';
  const authorisation = (request: FastifyRequest) => request.headers.authorization;

  app.post(
    `${base}/devices/:device/registrations/:passType/:serial`,
    { config: { guard: { caller: 'wallet-device', rateLimit: registrationsPerAddress } }, schema: { params: appleDeviceRegistrationParams, body: appleDeviceRegistrationBody } },
    async (request, reply) => {
      const card = await service.authorisedCard(request.params.passType, request.params.serial, authorisation(request));
      if (!card) return unauthorised(reply);
      await registrationsOfPass(card.id);
      const outcome = await service.registerDevice(card, request.params.passType, request.params.device, request.body.pushToken);
      return reply.status(outcome === 'registered' ? 201 : 200).send();
    },
  );
  app.delete(`${base}/devices/:device/registrations/:passType/:serial`, { config: guards.walletDevice, schema: { params: appleDeviceRegistrationParams } }, async (request, reply) => {
    const card = await service.authorisedCard(request.params.passType, request.params.serial, authorisation(request));
    if (!card) return unauthorised(reply);
    await service.unregisterDevice(card, request.params.device);
    return reply.status(200).send();
  });
  app.get(
    `${base}/devices/:device/registrations/:passType`,
    { config: guards.walletDevice, schema: { params: appleDevicePassesParams, querystring: appleDevicePassesQuery } },
    async (request, reply) => {
      const updated = await service.updatedSerials(request.params.device, request.params.passType, request.query.passesUpdatedSince);
      return updated ? reply.send(appleSerialNumbersResponse.parse(updated)) : reply.status(204).send();
    },
  );
  app.get(`${base}/passes/:passType/:serial`, { config: guards.walletDevice, schema: { params: applePassParams } }, async (request, reply) => {
    const card = await service.authorisedCard(request.params.passType, request.params.serial, authorisation(request));
    if (!card) return unauthorised(reply);
    const pass = await service.passForDevice(card);
    const since = Date.parse(String(request.headers['if-modified-since'] ?? ''));
    reply.header('last-modified', pass.lastModified.toUTCString()).header('cache-control', 'no-cache');
    if (!Number.isNaN(since) && pass.lastModified.getTime() <= since) {
      if (typeof (pass.body as { destroy?: unknown }).destroy === 'function') (pass.body as { destroy: () => void }).destroy();
      return reply.status(304).send();
    }
    return reply.header('content-type', pkpassContentType).send(pass.body);
  });
  app.post(`${base}/log`, { config: { guard: { caller: 'wallet-device', rateLimit: perAddress('wallet-device-log') } }, schema: { body: appleLogBody } }, async (request, reply) => {
    service.logDeviceMessages(request.body.logs);
    return reply.status(200).send();
  });
}
