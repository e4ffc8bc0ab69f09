import proxyAddr from '@fastify/proxy-addr';
import { publicCardKeyMaxLength } from '@cardstack/shared/public-card/schemas';
import { cardPageWire, writeWire } from './public-card-routes';
import type { PublicCardService } from './public-card-service';
import type { EarlyAnswer } from '../../http/early-answers';

export interface PageFastPathOptions {
  /** TRUST_PROXY as Fastify takes it: the visitor's address is read the same way. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** True once the server closes: Fastify answers then (503 with `Connection: close`). */
  isBusy: () => boolean;
}

// A key the page route would take as it is: the characters of card ids and usernames, nothing to decode.
// Anything else (percent-escapes, dots, another route's path) goes through Fastify's router.
const isPlainKeyCharacter = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45 || code === 95;

/** The key of `/id/{key}/` or `/id/{key}/?query`, or null for any other address. */
export function plainPageKey(url: string): string | null {
  if (!url.startsWith('/id/')) return null;
  const queryAt = url.indexOf('?');
  const end = (queryAt === -1 ? url.length : queryAt) - 1;
  if (end <= 4 || end - 4 > publicCardKeyMaxLength || url.charCodeAt(end) !== 47) return null;
  for (let index = 4; index < end; index += 1) if (!isPlainKeyCharacter(url.charCodeAt(index))) return null;
  return url.slice(4, end);
}

/**
 * The public card page served before Fastify when it is in memory and current: the same bytes and headers as
 * the page route (both write the response prepared once per page, `chosenWire`), the view counted the same way,
 * without a Fastify request, reply, child logger and hook chain per view — most of the page's cost once it is
 * cached (docs/decisions/0046-public-page-before-the-framework.md). Everything else, a miss included, goes on
 * to Fastify. Only used when nothing needs to see every request (no access log, no metrics).
 */
export function createPageFastPath(service: PublicCardService, options: PageFastPathOptions): EarlyAnswer {
  const trust = options.trustProxy === false ? null : typeof options.trustProxy === 'function' ? options.trustProxy : proxyAddr.compile(options.trustProxy);
  return (request, response) => {
    if (request.method !== 'GET') return false;
    const url = request.url ?? '';
    const key = plainPageKey(url);
    if (key === null) return false;
    const cached = service.cachedPage(key);
    if (!cached || options.isBusy()) return false;
    // Fastify's `request.ip`: the socket's address, or with TRUST_PROXY the one X-Forwarded-For resolves to.
    const ip = trust ? proxyAddr(request, trust) : (request.socket.remoteAddress ?? '');
    service.stats.record({ headers: request.headers, url, ip }, cached.card.id, 'view');
    writeWire(response, cardPageWire(service, cached, request.headers));
    return true;
  };
}
