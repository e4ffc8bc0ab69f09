import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultLocale, isLocale, locales, negotiateLocale, type Locale } from '@cardstack/shared/i18n/locales';
import { mayHaveSession } from '../modules/auth/auth-module';

/** The SPA's last language in this browser, set by the app when its language changes (apps/web/src/lib/i18n/app-locale.ts). */
const localeCookie = /(?:^|;)\s*cardstack_locale=([^;]*)/;

/**
 * The language to send the SPA's page in: the app's last one in this browser (its cookie), else the first of the
 * browser's languages we speak (`Accept-Language`), else English. The app then shows the account's language once it
 * knows it; the page's language is what shows before that (the pre-rendered sign-in screen, the app shell's texts).
 */
function pageLanguageOf(request: FastifyRequest): Locale {
  const cookie = localeCookie.exec(request.headers.cookie ?? '')?.[1]?.trim();
  if (cookie && isLocale(cookie)) return cookie;
  return negotiateLocale(request.headers['accept-language']);
}

/** dist/<name>.html (English) and <name>.<locale>.html beside it, by language; a language the build did not make gets English. */
function pagesByLanguage(distDir: string, name: string): Map<Locale, Buffer> | null {
  const english = path.join(distDir, `${name}.html`);
  if (!fs.existsSync(english)) return null;
  const englishHtml = fs.readFileSync(english);
  return new Map(
    locales.map((locale) => {
      const file = path.join(distDir, `${name}.${locale}.html`);
      return [locale, locale !== defaultLocale && fs.existsSync(file) ? fs.readFileSync(file) : englishHtml];
    }),
  );
}

/**
 * Serves the built SPA: hashed assets with a year of caching, index.html (no caching) for every other
 * path that is not an API, file or public-card route, so React Router can show its own not-found screen.
 * The build makes each page in every language (index.de.html…, apps/web/vite.config.ts): `<html lang dir>`, the
 * title, the app shell's texts' language, and /login's pre-rendered form; a visitor gets it in their language
 * (pageLanguageOf), with `Vary: Cookie, Accept-Language` for caches.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  if (!distDir || !indexFile || !fs.existsSync(indexFile)) {
    if (distDir) app.log.warn({ distDir }, 'the web app is not built: run `npm run build`');
    app.setNotFoundHandler((request, reply) => sendApiNotFound(request, reply));
    return;
  }
  const indexPages = pagesByLanguage(distDir, 'index')!;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    setHeaders(response, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        response.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (path.basename(filePath).startsWith('favicon.') || filePath.includes(`${path.sep}icons${path.sep}`)) {
        // Not hashed, so not immutable; a day saves the request on every page a visitor opens.
        response.header('cache-control', 'public, max-age=86400');
      } else if (path.basename(filePath) === 'sw.js' || path.basename(filePath) === 'manifest.webmanifest') {
        // The service worker and the web app manifest (docs/offline.md): a new version is seen on the next visit.
        // The browser checks sw.js itself at least daily; `no-cache` makes every check reach the server.
        response.header('cache-control', 'no-cache');
        if (filePath.endsWith('.webmanifest')) response.header('content-type', 'application/manifest+json; charset=utf-8');
      }
    },
  });
  // /login with the sign-in screen rendered at build time (apps/web/vite.config.ts): painted before the app's
  // JavaScript runs. Only without a session cookie: a signed-in visitor goes on to the app and must not see the
  // form first.
  const loginPages = pagesByLanguage(distDir, 'login');
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const language = pageLanguageOf(request);
    const isLogin = loginPages && request.url.split('?')[0] === '/login' && !mayHaveSession(request);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .header('content-language', language)
      .type('text/html; charset=utf-8')
      .send((isLogin ? loginPages : indexPages).get(language));
  };
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
