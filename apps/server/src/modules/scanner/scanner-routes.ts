import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { duplicateCheckInput, duplicateCheckResponse, improveScanInput, improveScanResponse, savedScanResponse, scannedContactInput, scannerConfigResponse, scannerLimits, type ScannerConfig } from '@cardstack/shared/scanner/schemas';
import { AppError, badRequest, invalidForm } from '../../http/errors';
import { findDuplicateContacts, saveScannedContact, type ContactsDeps } from '../contacts/contacts-module';
import type { RateLimiter } from '../rate-limit/rate-limit-module';
import { improveWithAi, type ScannerAiConfig } from './scanner-ai';
import { registerScannerAssetRoutes, type ScannerAssets } from './scanner-assets';
import { readMultipart } from '../../http/multipart';
import { guards } from '../../http/route-guard';
import { keyed } from '@cardstack/shared/i18n/keyed';

export interface ScannerDeps {
  contacts: ContactsDeps;
  /** null when the OCR packages are missing: the scanner then offers no languages. */
  assets: ScannerAssets | null;
  ai: ScannerAiConfig | null;
  /** The app's one rate limiter: each "Improve with AI" request costs the operator a model call. */
  rateLimiter: RateLimiter;
  /** "Improve with AI" requests per user per window (defaults: 20 per 10 minutes), shared by every process. */
  aiRateLimit?: { max: number; windowSeconds: number };
  fetchImpl?: typeof fetch;
}

/** Reads the review form (field `fields`, JSON) and the card's photo (file `image`, optional) of a save. */
async function readScanUpload(request: FastifyRequest): Promise<{ fields: unknown; image: Buffer | null }> {
  const form = await readMultipart(request, {
    maxFileBytes: scannerLimits.imageBytes,
    maxFiles: 1,
    maxFields: 2,
    tooLarge: { message: keyed('scanPhotoTooLarge'), field: 'image' },
  });
  const fieldsText = form.fields.fields;
  if (fieldsText === undefined) throw badRequest(keyed('scanFormMissing'), { form: keyed('scanFormMissing') });
  try {
    return { fields: JSON.parse(fieldsText) as unknown, image: form.files.find((file) => file.field === 'image')?.body ?? null };
  } catch {
    throw badRequest(keyed('scanFormUnreadable'), { form: keyed('scanFormUnreadable') });
  }
}

/**
 * /api/scanner/*: what the scanner screen needs (languages, the OCR files' location, whether AI is on), the
 * duplicate check, saving a reviewed card through the contacts use case, and "Improve with AI". Every route is
 * signed-in only; the scanner is in every plan.
 */
export function registerScannerRoutes(fastify: FastifyInstance, deps: ScannerDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (deps.assets) registerScannerAssetRoutes(fastify, deps.assets);
  const aiRateLimit = deps.aiRateLimit ?? { max: 20, windowSeconds: 10 * 60 };

  app.get('/api/scanner/config', { config: guards.signedIn, schema: { response: { 200: scannerConfigResponse } } }, async (request): Promise<ScannerConfig> => {
    await request.caller();
    return {
      assetBase: deps.assets?.base ?? '',
      languages: deps.assets?.languages ?? [],
      ai: { isEnabled: deps.ai !== null, host: deps.ai ? new URL(deps.ai.url).host : null, sendsImage: deps.ai?.sendsImage ?? false },
    };
  });

  app.post(
    '/api/scanner/duplicates',
    { config: guards.signedIn, schema: { body: duplicateCheckInput, response: { 200: duplicateCheckResponse } } },
    async (request) => ({ duplicates: await findDuplicateContacts(deps.contacts, await request.caller(), request.body) }),
  );

  app.post('/api/scanner/contacts', { config: guards.signedIn, schema: { response: { 201: savedScanResponse } } }, async (request, reply) => {
    const caller = await request.caller();
    const upload = await readScanUpload(request);
    const parsed = scannedContactInput.safeParse(upload.fields);
    if (!parsed.success) throw invalidForm(parsed.error.issues);
    const saved = await saveScannedContact(deps.contacts, caller, parsed.data, upload.image);
    return reply.status(201).send(saved);
  });

  app.post(
    '/api/scanner/improve',
    { config: guards.signedIn, bodyLimit: 6 * 1024 * 1024, schema: { body: improveScanInput, response: { 200: improveScanResponse } } },
    async (request) => {
      const caller = await request.caller();
      if (!deps.ai) throw new AppError(404, 'scanner-ai-off', keyed('scannerAiOff'));
      const decision = await deps.rateLimiter.consume(`scanner-ai:user:${caller.userId}`, aiRateLimit);
      if (!decision.allowed) throw new AppError(429, 'rate-limited', keyed('scannerAiRateLimited'));
      return { fields: await improveWithAi(deps.ai, request.body, deps.fetchImpl) };
    },
  );
}
