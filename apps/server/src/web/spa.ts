import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built SPA: hashed assets with a year of caching, index.html (no caching) for every other
 * path that is not an API, file or public-card route, so React Router can show its own not-found screen.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  if (!distDir || !indexFile || !fs.existsSync(indexFile)) {
    if (distDir) app.log.warn({ distDir }, 'the web app is not built: run `npm run build`');
    app.setNotFoundHandler((request, reply) => sendApiNotFound(request, reply));
    return;
  }
  const indexHtml = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    setHeaders(response, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        response.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isBrowserPage =
      request.method === 'GET' &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/files/') &&
      !pathname.startsWith('/assets/') &&
      !path.extname(pathname);
    if (isBrowserPage) return sendIndex(request, reply);
    return sendApiNotFound(request, reply);
  });
}

function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  return reply.status(404).send({ error: { code: 'not-found', message: `No such endpoint: ${request.method} ${pathname}` } });
}
