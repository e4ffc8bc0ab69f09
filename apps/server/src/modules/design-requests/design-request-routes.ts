import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { customDesignInput, designRequestSentResponse, designUploadFields, maxDesignUploadBytes, quoteInput, type DesignUploadField } from '@cardstack/shared/design-requests/schemas';
import { invalidForm } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { limitPerAddress, type RateLimiter, type RateLimitRule } from '../rate-limit/rate-limit-module';
import { submitDesignRequest, type DesignRequestsDeps, type UploadedFile } from './design-request-service';
import { keyed } from '@cardstack/shared/i18n/keyed';

export interface DesignRequestRouteOptions {
  rateLimiter: RateLimiter;
  rateLimit: RateLimitRule;
}

/** The form's fields and files: multipart (the page, with uploads) or JSON (no files). */
async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, files: [] };
  const form = await readMultipart(request, {
    maxFileBytes: maxDesignUploadBytes,
    maxFiles: designUploadFields.length,
    tooLarge: { message: keyed('designUploadTooLarge') },
  });
  const files = form.files.flatMap((file) =>
    (designUploadFields as readonly string[]).includes(file.field) && file.body.length > 0
      ? [{ field: file.field as DesignUploadField, fileName: file.fileName, body: file.body }]
      : [],
  );
  return { fields: form.fields, files };
}

/** The shared schema's verdict, with one message per field (the page shows them beside the fields). */
function parseForm<T>(schema: ZodType<T>, fields: Record<string, unknown>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw invalidForm(parsed.error.issues);
}

/**
 * /api/design-requests/*: the public custom design form (with logo and artwork) and the built-in quote form.
 * Open to everyone, so limited per client address and guarded by a honeypot field.
 */
export function registerDesignRequestRoutes(fastify: FastifyInstance, deps: DesignRequestsDeps, options: DesignRequestRouteOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = limitPerAddress(options.rateLimiter, 'design-form', options.rateLimit, keyed('designTooManyRequests'));

  app.post('/api/design-requests/custom-design', { config: { guard: { caller: 'anyone', rateLimit: limit } }, schema: { response: { 201: designRequestSentResponse } } }, async (request, reply) => {
    const form = await readForm(request);
    const input = parseForm(customDesignInput, form.fields);
    const message = await submitDesignRequest(deps, { kind: 'custom-design', input }, form.files);
    return reply.status(201).send({ message });
  });

  app.post('/api/design-requests/quote', { config: { guard: { caller: 'anyone', rateLimit: limit } }, schema: { body: quoteInput, response: { 201: designRequestSentResponse } } }, async (request, reply) => {
    const message = await submitDesignRequest(deps, { kind: 'quote', input: request.body }, []);
    return reply.status(201).send({ message });
  });
}
