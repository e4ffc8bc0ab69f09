import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mayHaveSession } from '../modules/auth/auth-module';

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
      } else if (path.basename(filePath).startsWith('favicon.')) {
        // Not hashed, so not immutable; a day saves the request on every page a visitor opens.
        response.header('cache-control', 'public, max-age=86400');
      }
    },
  });
  // /login with the sign-in screen rendered at build time (apps/web/vite.config.ts): painted before the app's
  // JavaScript runs. Only without a session cookie: a signed-in visitor goes on to the app and must not see the
  // form first.
  const loginFile = path.join(distDir, 'login.html');
  const loginHtml = fs.existsSync(loginFile) ? fs.readFileSync(loginFile) : null;
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(loginHtml && request.url.split('?')[0] === '/login' && !mayHaveSession(request) ? loginHtml : indexHtml);
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
