import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailSignatureResponse } from '@cardstack/shared/cards/email-signature';
import { cardIdParams } from '@cardstack/shared/cards/schemas';
import {
  publicCardFileParams,
  publicCardKeyMaxLength,
  publicCardKeyParams,
  publicCardLinkParams,
  publicCardResourcePaths,
  publicLeadForm,
  qrDownloadQuery,
} from '@cardstack/shared/public-card/schemas';
import { leadResponse } from '@cardstack/shared/contacts/schemas';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { locales, type Locale } from '@cardstack/shared/i18n/locales';
import { visitSourceMarkers } from '@cardstack/shared/insights/sources';
import { vcardContentDisposition, vcardContentType } from '@cardstack/shared/vcard/vcard-writer';
import { AppError, badRequest, overloaded } from '../../http/errors';
import { guards } from '../../http/route-guard';
import { limitPerAddress, type RateLimiter } from '../rate-limit/rate-limit-module';
import { attachmentDisposition, sendStoredFile } from '../storage/storage-module';
import { encodedOnce, type EncodedBody } from './encoded-body';
import { inactivePage, notActivatedPage, notFoundPage, switchedOffPage } from './message-pages';
import { languageHeaders, pageLocale, pageTextIn, refusalIn, visitorLocale } from './page-language';
import { leadFieldNames, renderMessagePage, type LeadFormState } from './page-render';
import { pageScript, pageScriptPath } from './page-script';
import type { PublicCardService } from './public-card-service';
import type { PageEntry } from './public-card-state';

export interface PublicCardRoutesOptions {
  leadRateLimit: { max: number; windowSeconds: number };
  /** The app's one rate limiter (the lead form counts per client address there). */
  rateLimiter: RateLimiter;
  /** Counts card page views served from memory (hit) or read and maybe rendered (miss). */
  countPageCache?: (outcome: 'hit' | 'miss') => void;
}

/**
 * The page's Content-Security-Policy: no inline script (the one script is a file from our origin), styles
 * inline only (the card's CSS and its theme colours), images from us or data: URLs, frames only from
 * YouTube's privacy-enhanced domain, forms posting only to us.
 */
const publicPageCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  'frame-src https://www.youtube-nocookie.com',
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** What helmet sends on every other route, with the page's own CSP; set here once instead of per request. */
const securityHeaders = {
  'content-security-policy': publicPageCsp,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

const htmlHeaders = { ...securityHeaders, 'content-type': 'text/html; charset=utf-8', vary: 'accept-encoding' } as const;

/** A page's headers in each language, made once: for a page whose language follows the visitor's, and for one fixed. */
function pageHeadersIn(followsVisitor: boolean): Record<Locale, OutgoingHttpHeaders> {
  const headers: Partial<Record<Locale, OutgoingHttpHeaders>> = {};
  for (const locale of locales) headers[locale] = { ...htmlHeaders, 'cache-control': 'no-cache', ...languageHeaders(locale, followsVisitor) };
  return headers as Record<Locale, OutgoingHttpHeaders>;
}
const followingPageHeaders = pageHeadersIn(true);
const fixedPageHeaders = pageHeadersIn(false);
/** A page's headers in a language; `followsVisitor` when another visitor may get another language at this address. */
const pageHeaders = (locale: Locale, followsVisitor: boolean) => (followsVisitor ? followingPageHeaders : fixedPageHeaders)[locale];

/**
 * Routes whose bodies are compressed ahead of time and that take no request body; helmet's headers come from
 * `securityHeaders`. Each plugin skipped is work saved on every page view.
 */
const ownHeaders = { helmet: false, compress: false, decompress: false } as const;

type Encoding = 'br' | 'gzip' | null;

// A coding in Accept-Encoding, with no q-value or one above zero ("br;q=0" refuses brotli).
const acceptsCoding = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0{0,3})?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`, 'i');
const acceptsBrotli = acceptsCoding('br');
const acceptsGzip = acceptsCoding('gzip');

/** The encoding to send, from Accept-Encoding: brotli, else gzip, else none. */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (acceptsBrotli.test(value)) return 'br';
  if (acceptsGzip.test(value)) return 'gzip';
  return null;
}

export type Wire = { headers: OutgoingHttpHeaders; body: Buffer | null };
const wires = new WeakMap<EncodedBody, Record<'br' | 'gzip' | 'raw' | 'notModified', Wire>>();

/** The complete response of a body in each encoding, headers included, made once per body. */
function wireOf(body: EncodedBody, headers: OutgoingHttpHeaders) {
  let wire = wires.get(body);
  if (!wire) {
    const common = { ...headers, etag: body.etag };
    const encoded = (payload: Buffer, encoding?: string): Wire => ({
      headers: { ...common, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': String(payload.length) },
      body: payload,
    });
    wire = { br: encoded(body.br, 'br'), gzip: encoded(body.gzip, 'gzip'), raw: encoded(body.raw), notModified: { headers: common, body: null } };
    wires.set(body, wire);
  }
  return wire;
}

/** The status and prepared response of a body for a request's Accept-Encoding and If-None-Match. */
export function chosenWire(requestHeaders: IncomingHttpHeaders, body: EncodedBody, status: number, headers: OutgoingHttpHeaders): { status: number; wire: Wire } {
  const wire = wireOf(body, headers);
  if (status === 200 && requestHeaders['if-none-match'] === body.etag) return { status: 304, wire: wire.notModified };
  const encoding = pickEncoding(requestHeaders['accept-encoding']);
  return { status, wire: encoding === 'br' ? wire.br : encoding === 'gzip' ? wire.gzip : wire.raw };
}

/** Writes a prepared response: headers made once per page, one write of head and body. */
export function writeWire(response: ServerResponse, chosen: { status: number; wire: Wire }): void {
  response.writeHead(chosen.status, chosen.wire.headers);
  response.end(chosen.wire.body ?? undefined);
}

/**
 * Sends a cached page: browsers revalidate (no-cache) and get 304 while the page is unchanged. The response is
 * written straight to the socket with headers prepared once per page, which roughly halves the work per request
 * compared with building the reply through Fastify (docs/decisions/0009-public-card-page.md).
 */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, status: number, headers: OutgoingHttpHeaders) {
  const chosen = chosenWire(request.headers, body, status, headers);
  reply.hijack();
  writeWire(reply.raw, chosen);
  return reply;
}

/** The response of a card's page for a request: in the card's language, else the visitor's. */
export function cardPageWire(service: PublicCardService, entry: PageEntry, requestHeaders: IncomingHttpHeaders): { status: number; wire: Wire } {
  const locale = pageLocale(entry.card, requestHeaders);
  return chosenWire(requestHeaders, service.pageIn(entry, locale), 200, pageHeaders(locale, entry.card.pageLanguage === ''));
}

function sendCardPage(request: FastifyRequest, reply: FastifyReply, service: PublicCardService, entry: PageEntry) {
  reply.hijack();
  writeWire(reply.raw, cardPageWire(service, entry, request.headers));
  return reply;
}

/** An uncached page (the form with its errors): gzip when the browser takes it, as @fastify/compress would. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, status: number, locale: Locale) {
  reply.status(status).headers(htmlHeaders).headers(languageHeaders(locale, false)).header('cache-control', 'no-store');
  const raw = Buffer.from(html, 'utf8');
  if (!acceptsGzip.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(raw);
  return reply.header('content-encoding', 'gzip').send(gzipSync(raw));
}

/** A page that is not a card's, in the visitor's language. */
function sendMessagePage(request: FastifyRequest, reply: FastifyReply, page: (locale: Locale) => EncodedBody, status: number) {
  const locale = visitorLocale(request.headers);
  return sendEncoded(request, reply, page(locale), status, pageHeaders(locale, true));
}
const sendNotFound = (request: FastifyRequest, reply: FastifyReply) => sendMessagePage(request, reply, notFoundPage, 404);
const sendInactive = (request: FastifyRequest, reply: FastifyReply) => sendMessagePage(request, reply, inactivePage, 403);
const notActivatedPages = new Map<string, EncodedBody>();
/** Kept for the few new cards tapped at once; rendered again after that. */
function sendNotActivated(request: FastifyRequest, reply: FastifyReply, preorderId: string) {
  return sendMessagePage(request, reply, (locale) => {
    const key = `${preorderId} ${locale}`;
    let page = notActivatedPages.get(key);
    if (!page) {
      page = notActivatedPage(preorderId, locale);
      if (notActivatedPages.size >= 100) notActivatedPages.clear();
      notActivatedPages.set(key, page);
    }
    return page;
  }, 200);
}

/**
 * Where a moved card's address sends the visitor: the same sub-address under the card's new page (`to` is
 * `https://…/id/{key}/`) for the page, the vCard, the QR codes, the thank-you page and the tracked links (a link's
 * id is made from the link itself, the same on every server running this code); a file, whose id an import does
 * not keep, and anything else to the new page. The query goes along: it carries the visit's source marker
 * (`?src=qr` of a printed QR code, `?src=nfc` of a chip), so the new server counts the visit where it came from.
 */
export function movedAddressOf(to: string, requestUrl: string): string {
  const queryAt = requestUrl.indexOf('?');
  const path = queryAt === -1 ? requestUrl : requestUrl.slice(0, queryAt);
  const rest = path.split('/').slice(3).join('/');
  const kept = /^(?:contact\.vcf|qr\.svg|qr\.png|thanks|l\/[A-Za-z0-9_-]{1,64})$/.test(rest) ? rest : '';
  return `${to}${kept}${queryAt === -1 ? '' : requestUrl.slice(queryAt)}`;
}

/**
 * A moved card's address: 301 to its new one, never stored by the browser (an undone move serves here again at
 * once; search engines take the 301 as the card's new home).
 */
function sendMoved(request: FastifyRequest, reply: FastifyReply, to: string) {
  return reply.headers(securityHeaders).header('cache-control', 'no-store').redirect(movedAddressOf(to, request.url), 301);
}

function wantsJson(request: FastifyRequest): boolean {
  return /application\/json/i.test(String(request.headers.accept ?? '')) || /application\/json/i.test(String(request.headers['content-type'] ?? ''));
}

/** The page of the card a request names, or the answer when there is none to show (404 or the inactive page). */
async function activePage(
  service: PublicCardService,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string | null,
  options: { isFresh: boolean; isCardPage?: boolean } = { isFresh: true },
) {
  if (key === null) return { reply: sendNotFound(request, reply) };
  const resolved = await service.resolve(key, options.isFresh);
  if (resolved.status === 'moved') return { reply: sendMoved(request, reply, resolved.to) };
  if (resolved.status === 'blocked') return { reply: sendInactive(request, reply) };
  // A physical card: the page itself offers the activation or says it is switched off; its sub-resources do not exist.
  if (resolved.status === 'switched-off') return { reply: sendMessagePage(request, reply, switchedOffPage, 404) };
  if (resolved.status === 'not-activated') {
    return { reply: options.isCardPage ? sendNotActivated(request, reply, resolved.preorderId) : sendNotFound(request, reply) };
  }
  const entry = resolved.status === 'active' ? await service.pageOf(resolved.ref) : null;
  return entry ? { entry } : { reply: sendNotFound(request, reply) };
}

function keyOf(params: unknown): string | null {
  // The page's hot path: the schema's own rule (1–64 characters), checked without building a parse result.
  const key = (params as { key?: unknown }).key;
  if (typeof key === 'string' && key.length >= 1 && key.length <= publicCardKeyMaxLength) return key;
  return publicCardKeyParams.safeParse(params).success ? (params as { key: string }).key : null;
}

/** A signature's images are shown by mail clients on other origins: the same-origin resource policy would hide them. */
const signatureImageHeaders = { 'cross-origin-resource-policy': 'cross-origin' };

function sendArtifact(reply: FastifyReply, body: Buffer | Readable, headers: Record<string, string>) {
  return reply.headers({ ...securityHeaders, 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox", ...headers }).send(body);
}

/**
 * /id/{cardId}/ and /id/{username}/: the public card page and what hangs off it (vCard, QR codes, tracked
 * link and file addresses, the lead form). Public: no session is read. Everything a blocked card has answers
 * with the same inactive page, everything unknown with the same 404 page.
 */
export async function registerPublicCardRoutes(app: FastifyInstance, service: PublicCardService, options: PublicCardRoutesOptions): Promise<void> {
  // The owner's email signature of a card (the editor's dialog): the card's data and public addresses.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/cards/:id/email-signature',
    { config: guards.signedIn, schema: { params: cardIdParams, response: { 200: emailSignatureResponse } } },
    async (request) => ({ signature: await service.emailSignatureOf(await request.caller(), request.params.id) }),
  );

  app.get('/id/:key', ownHeaders, async (request, reply) => {
    const key = keyOf(request.params);
    if (key === null) return sendNotFound(request, reply);
    // The query goes along: it carries the visit's source marker (an NFC tag written without the final slash).
    const queryAt = request.url.indexOf('?');
    return reply.headers(securityHeaders).redirect(`/id/${encodeURIComponent(key)}/${queryAt === -1 ? '' : request.url.slice(queryAt)}`, 301);
  });

  // While the overload guard sheds load, a page already in memory is still served: its version check is one
  // indexed read (a listening server answers it before Fastify, page-fast-path.ts, while it is current); a page
  // that would have to be rendered is shed.
  const cardPageUnderLoad = {
    pressureHandler: (request: FastifyRequest) => {
      const key = keyOf(request.params);
      return key !== null && service.hasPageInMemory(key) ? undefined : Promise.reject(overloaded());
    },
  };

  // The hot path. Served without a promise when the page is in memory and current (the version may be reused
  // for PUBLIC_PAGE_VERSION_CHECK_MS); otherwise the version is read and the page rendered if need be.
  app.get('/id/:key/', { ...ownHeaders, config: cardPageUnderLoad }, (request, reply) => {
    const key = keyOf(request.params);
    const cached = key === null ? undefined : service.cachedPage(key);
    if (cached) {
      options.countPageCache?.('hit');
      service.stats.record(request, cached.card.id, 'view');
      return sendCardPage(request, reply, service, cached);
    }
    options.countPageCache?.('miss');
    return activePage(service, request, reply, key, { isFresh: false, isCardPage: true }).then((found) => {
      if (!found.entry) return found.reply;
      service.stats.record(request, found.entry.card.id, 'view');
      return sendCardPage(request, reply, service, found.entry);
    });
  });

  app.get('/id/:key/thanks', ownHeaders, async (request, reply) => {
    const found = await activePage(service, request, reply, keyOf(request.params));
    if (!found.entry) return found.reply;
    const locale = pageLocale(found.entry.card, request.headers);
    return sendEncoded(request, reply, service.thanksOf(found.entry, locale), 200, pageHeaders(locale, found.entry.card.pageLanguage === ''));
  });

  const script = encodedOnce(() => pageScript.toString('utf8'));
  const scriptHeaders = {
    ...securityHeaders,
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'accept-encoding',
  };
  app.get(pageScriptPath, ownHeaders, (request, reply) => sendEncoded(request, reply, script(), 200, scriptHeaders));

  app.get('/id/:key/contact.vcf', ownHeaders, async (request, reply) => {
    const found = await activePage(service, request, reply, keyOf(request.params));
    if (!found.entry) return found.reply;
    const { card } = found.entry;
    const { body } = await service.artifactOf(card, 'vcard');
    service.stats.record(request, card.id, 'save');
    return sendArtifact(reply, body, {
      'content-type': vcardContentType,
      'content-disposition': vcardContentDisposition(card.name),
      'cache-control': 'no-cache',
    });
  });

  for (const format of ['svg', 'png'] as const) {
    app.get(`/id/:key/qr.${format}`, ownHeaders, async (request, reply) => {
      const found = await activePage(service, request, reply, keyOf(request.params));
      if (!found.entry) return found.reply;
      const { card } = found.entry;
      const query = qrDownloadQuery.safeParse(request.query).data;
      // An email signature's code: of the address marked as an email's, small (the signature shows it at 88 px).
      const isEmailCode = format === 'png' && query?.src === visitSourceMarkers.email;
      const { body, fileName } = await service.artifactOf(card, format === 'svg' ? 'qrSvg' : isEmailCode ? 'qrEmailPng' : 'qrPng');
      const isDownload = query?.download !== undefined;
      return sendArtifact(reply, body, {
        'content-type': format === 'svg' ? 'image/svg+xml' : 'image/png',
        'content-disposition': isDownload ? attachmentDisposition(`${fileName.replace(/\.vcf$/, '')}-qr.${format}`) : 'inline',
        // The code is of the card's permanent address: it changes only with the server's own address.
        'cache-control': 'public, max-age=3600',
        ...(isEmailCode ? signatureImageHeaders : {}),
      });
    });
  }

  // The photo for email signatures: a square JPEG at an address that stays when the photo changes.
  app.get('/id/:key/photo.jpg', ownHeaders, async (request, reply) => {
    const found = await activePage(service, request, reply, keyOf(request.params));
    if (!found.entry) return found.reply;
    const body = await service.signaturePhotoOf(found.entry.card);
    if (!body) return sendNotFound(request, reply);
    return sendArtifact(reply, body, { 'content-type': 'image/jpeg', 'content-disposition': 'inline', 'cache-control': 'public, max-age=3600', ...signatureImageHeaders });
  });

  // A click on a web link: counted, then sent on to the card's own stored link. The target never comes from
  // the request, so this cannot be used to send people anywhere else.
  app.get('/id/:key/l/:linkId', ownHeaders, async (request, reply) => {
    const params = publicCardLinkParams.safeParse(request.params);
    const found = await activePage(service, request, reply, params.success ? params.data.key : null);
    if (!found.entry) return found.reply;
    const target = params.data ? service.linkTarget(found.entry, params.data.linkId) : null;
    if (!target) return sendNotFound(request, reply);
    service.stats.record(request, found.entry.card.id, 'link', params.data?.linkId);
    return reply.headers(securityHeaders).header('cache-control', 'no-store').redirect(target, 302);
  });

  app.get('/id/:key/f/:fileId', ownHeaders, async (request, reply) => {
    const params = publicCardFileParams.safeParse(request.params);
    const found = await activePage(service, request, reply, params.success ? params.data.key : null);
    if (!found.entry) return found.reply;
    const file = params.data ? service.fileOf(found.entry, params.data.fileId) : null;
    const stored = file ? await service.storedFile(file.key) : null;
    if (!file || !stored) return sendNotFound(request, reply);
    service.stats.record(request, found.entry.card.id, 'file');
    reply.headers(securityHeaders);
    return sendStoredFile(reply, file.key, stored, { downloadName: file.name, cacheControl: 'no-cache' });
  });

  // The lead form, in its own scope: the rate limit, the form-body parser and the error pages apply to it only.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    // A form posted without JavaScript gets a page back, not JSON; JSON callers get the API's error shape. Both
    // in the visitor's language (a refusal after the card is known is in the card's, below).
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error.statusCode === undefined || error.statusCode >= 500) throw error;
      const locale = visitorLocale(request.headers);
      const t = pageTextIn(locale);
      // A refusal the route already put in the card's language keeps it (the API's error handler does the same).
      if (wantsJson(request)) throw error;
      const message = error instanceof AppError ? error.textIn(error.answerLocale ?? locale).message : t('leadFailed');
      return sendHtml(request, reply, renderMessagePage(locale, message, t('leadFailed')), error.statusCode, locale);
    });

    scope.post(
      '/id/:key/lead',
      { ...ownHeaders, preHandler: limitPerAddress(options.rateLimiter, 'lead-form', options.leadRateLimit, keyed('tooManyLeads')) },
      async (request, reply) => {
        const isJson = wantsJson(request);
        const resolved = await service.resolve(keyOf(request.params) ?? '', true);
        if (resolved.status !== 'active') {
          if (!isJson) return resolved.status === 'blocked' ? sendInactive(request, reply) : sendNotFound(request, reply);
          throw resolved.status === 'blocked'
            ? new AppError(403, 'card-inactive', keyed('cardInactive'))
            : new AppError(404, 'not-found', keyed('cardNotFound'));
        }
        const entry = await service.pageOf(resolved.ref);
        if (!entry) throw new AppError(404, 'not-found', keyed('cardNotFound'));
        const locale = pageLocale(entry.card, request.headers);
        const parsed = publicLeadForm.safeParse(request.body ?? {});
        try {
          if (!parsed.success) throw badRequest(keyed('leadFailed'));
          const message = await service.submitLead(entry, parsed.data, request, locale);
          if (isJson) return reply.status(201).headers(securityHeaders).send(leadResponse.parse({ message }));
          return reply.headers(securityHeaders).redirect(publicCardResourcePaths.leadSent(entry.card.id), 303);
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          const refusal = refusalIn(error, locale);
          if (isJson || refusal.statusCode !== 400) throw refusal;
          return sendHtml(request, reply, service.renderLeadErrors(entry, formStateOf(parsed.data ?? {}, refusal.textIn(locale)), locale), 400, locale);
        }
      },
    );
  });
}

/** What the visitor typed, with the messages to show beside the fields (and above the form for the rest). */
function formStateOf(values: Record<string, unknown>, error: { message: string; fields?: Record<string, string> }): LeadFormState & { kind: 'form' } {
  const kept: Partial<Record<(typeof leadFieldNames)[number], string>> = {};
  for (const name of leadFieldNames) if (typeof values[name] === 'string') kept[name] = values[name];
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    errors[(leadFieldNames as readonly string[]).includes(field) ? field : 'form'] ??= message;
  }
  if (Object.keys(errors).length === 0) errors.form = error.message;
  const consent = values.consent === true || (typeof values.consent === 'string' && values.consent !== '');
  return { kind: 'form', values: { ...kept, consent }, errors };
}
