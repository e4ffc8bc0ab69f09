import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  customDesignInput,
  designRequestSentResponse,
  designRequestTexts,
  designUploadFields,
  maxDesignUploadBytes,
  quoteInput,
  type DesignUploadField,
} from '@cardstack/shared/design-requests/schemas';
import { AppError, badRequest } from '../../http/errors';
import { limitPerAddress, type RateLimiter, type RateLimitRule } from '../rate-limit/rate-limit-module';
import { submitDesignRequest, type DesignRequestsDeps, type UploadedFile } from './design-request-service';

export interface DesignRequestRouteOptions {
  rateLimiter: RateLimiter;
  rateLimit: RateLimitRule;
}

/** The form's fields and files: multipart (the page, with uploads) or JSON (no files). */
async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, files: [] };
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxDesignUploadBytes, files: designUploadFields.length, fields: 20 } })) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        if ((designUploadFields as readonly string[]).includes(part.fieldname) && body.length > 0) {
          files.push({ field: part.fieldname as DesignUploadField, fileName: part.filename, body });
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file-too-large', designRequestTexts.uploadTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('The form has too many parts.');
    throw error;
  }
  return { fields, files };
}

/** The shared schema's verdict, with one message per field (the page shows them beside the fields). */
function parseForm<T>(schema: ZodType<T>, fields: Record<string, unknown>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) messages[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  throw badRequest(Object.values(messages)[0] ?? 'Check the form.', messages);
}

/**
 * /api/design-requests/*: the public custom design form (with logo and artwork) and the built-in quote form.
 * Open to everyone, so limited per client address and guarded by a honeypot field.
 */
export function registerDesignRequestRoutes(fastify: FastifyInstance, deps: DesignRequestsDeps, options: DesignRequestRouteOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = limitPerAddress(options.rateLimiter, 'design-form', options.rateLimit, designRequestTexts.tooMany);

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
