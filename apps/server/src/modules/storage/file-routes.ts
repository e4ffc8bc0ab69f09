import type { FastifyInstance } from 'fastify';
import type { FileStorage } from './storage';

/**
 * Serves stored files at /files/{key}. Names are generated (never the uploader's), the content type comes
 * from our own extension table, and nosniff plus a sandboxing CSP stop a file from running as a page.
 */
export function registerFileRoutes(app: FastifyInstance, storage: FileStorage): void {
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    let file;
    try {
      file = await storage.get(key);
    } catch {
      file = null;
    }
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const isInline = file.contentType.startsWith('image/') && file.contentType !== 'image/svg+xml';
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'public, max-age=300')
      .header('content-disposition', isInline ? 'inline' : 'attachment')
      .send(file.body);
  });
}
