import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import type { DeviceType } from '@cardstack/shared/insights/metrics';

/*
 * What a request tells about its visitor, decided without keeping anything about them: whether it is a person
 * at all (crawlers, link-preview fetchers and the browser's own prefetches are not counted), the device type,
 * and the referring site's host. The user agent's verdicts are remembered per user-agent string (a bounded
 * map), because the same few strings come again and again and the bot pattern is long.
 */

interface AgentVerdict {
  isBot: boolean;
  device: DeviceType;
}

const verdicts = new Map<string, AgentVerdict>();
const maxVerdicts = 2000;

const tabletPattern = /ipad|tablet|playbook|silk|kindle|(android(?!.*mobile))/i;
const mobilePattern = /mobi|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone/i;

export function deviceOf(userAgent: string): DeviceType {
  if (tabletPattern.test(userAgent)) return 'tablet';
  if (mobilePattern.test(userAgent)) return 'mobile';
  return 'desktop';
}

function verdictOf(userAgent: string): AgentVerdict {
  let verdict = verdicts.get(userAgent);
  if (!verdict) {
    // isbot keeps its list of crawlers and tools up to date; an empty user agent is no browser either.
    verdict = { isBot: userAgent === '' || isbot(userAgent), device: deviceOf(userAgent) };
    if (verdicts.size >= maxVerdicts) verdicts.clear();
    verdicts.set(userAgent, verdict);
  }
  return verdict;
}

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

/** A prefetch or prerender the browser made on its own (`Sec-Purpose: prefetch`, older `Purpose: prefetch`). */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const purpose = header(headers, 'sec-purpose') || header(headers, 'purpose') || header(headers, 'x-purpose') || header(headers, 'x-moz');
  return /prefetch|prerender|preview/i.test(purpose);
}

/** Whether the request is a person's: no bot user agent and no prefetch. The device type comes with it. */
export function classifyVisit(headers: IncomingHttpHeaders): { isCounted: false } | { isCounted: true; device: DeviceType } {
  if (isPrefetch(headers)) return { isCounted: false };
  const verdict = verdictOf(header(headers, 'user-agent'));
  return verdict.isBot ? { isCounted: false } : { isCounted: true, device: verdict.device };
}

/** The host of the Referer header, lower-cased, or null when there is none or it is no http(s) address. */
export function referrerHostOf(headers: IncomingHttpHeaders): string | null {
  const referrer = header(headers, 'referer');
  if (!referrer) return null;
  const match = /^https?:\/\/([^/?#]+)/i.exec(referrer);
  if (!match?.[1]) return null;
  // Without credentials or port: the site is what matters.
  const host = match[1].replace(/^.*@/, '').replace(/:\d+$/, '').toLowerCase();
  return host.length > 0 && host.length <= 253 ? host : null;
}
