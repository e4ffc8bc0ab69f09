import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';
import { accountMovesResponseSchema, type AccountMovesResponse } from '@cardstack/shared/account/account-moves';
import { badRequest } from '../../http/errors';
import { resolveTarget, systemResolver, TargetRefused, type Resolver } from '../integrations/integrations-module';

/*
 * The one request this module makes: `GET {new server}/api/account/moves/{exportId}`, on an address a signed-in
 * person typed. It goes through the webhooks' SSRF guard (integrations' target-guard.ts): https only, and every
 * address the host resolves to must be public; the connection is made to the address the guard approved (no DNS
 * rebinding in between). The one exception is a server on this machine's loopback address (the new server's
 * stand-in in tests and on a developer's machine), allowed only where `allowsLoopback` (not in production unless
 * the server's own address is a loopback one). One deadline for the whole exchange, a size limit on the answer,
 * no redirect followed.
 */

/** The answer's size limit: the moves of thousands of cards fit in far less. */
export const maxAnswerBytes = 1024 * 1024;
/** The whole exchange (connect, TLS, headers, body), however slowly bytes trickle. */
export const answerTimeoutMs = 10_000;

export interface NewServerPolicy {
  /** Whether an http:// address on a loopback host may be asked (tests, development). */
  allowsLoopback: boolean;
  /** This server's own address: a move to itself is refused. */
  baseUrl: string;
  resolve?: Resolver;
  timeoutMs?: number;
}

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
const isLoopbackAddress = (address: string) => loopback.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');

const isLoopbackHost = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || (net.isIP(host) !== 0 && isLoopbackAddress(host));
};

/** Why an address typed in the panel is refused, as a field message. */
const refusal = (message: KeyedMessage) => badRequest(message, { address: message });

/**
 * The new server's origin from what the person typed (`https://cards.example.com`, a trailing slash allowed; a
 * bare host name is read as https). Anything more than an origin — a path, a query, credentials — is refused.
 */
export function newServerOrigin(typed: string, policy: Pick<NewServerPolicy, 'allowsLoopback' | 'baseUrl'>): URL {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
  if (!URL.canParse(text)) throw refusal(keyed('moveAddressInvalid'));
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refusal(keyed('moveAddressNotHttps'));
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) throw refusal(keyed('moveAddressInvalid'));
  if (url.protocol === 'http:' && !(policy.allowsLoopback && isLoopbackHost(url.hostname))) throw refusal(keyed('moveAddressNotHttps'));
  if (url.origin === new URL(policy.baseUrl).origin) throw refusal(keyed('moveAddressIsThisServer'));
  return new URL(url.origin);
}

/** The guard's refusals in the panel's words. */
function refusalOf(error: TargetRefused): KeyedMessage {
  const key = error.keyedMessage;
  if (key === keyed('targetNotHttps')) return keyed('moveAddressNotHttps');
  if (key === keyed('targetPrivate')) return keyed('moveAddressPrivate');
  if (key === keyed('targetUnresolvable')) return keyed('moveAddressUnresolvable');
  return keyed('moveAddressInvalid');
}

/** The addresses to connect to, checked by the guard (loopback hosts only where allowed, and then only loopback). */
export async function approvedAddresses(origin: URL, policy: NewServerPolicy): Promise<{ address: string; family: number }[]> {
  const isLoopback = policy.allowsLoopback && isLoopbackHost(origin.hostname);
  try {
    const addresses = await resolveTarget(origin, { requireHttps: !isLoopback, allowPrivateTargets: isLoopback }, policy.resolve ?? systemResolver);
    if (isLoopback && !addresses.every((entry) => isLoopbackAddress(entry.address))) throw refusal(keyed('moveAddressPrivate'));
    return addresses;
  } catch (error) {
    if (error instanceof TargetRefused) throw refusal(refusalOf(error));
    throw error;
  }
}

export type MovesAnswer =
  | { kind: 'moves'; moves: AccountMovesResponse }
  /** 404: the new server has not imported this export (yet). */
  | { kind: 'unknown-export' }
  /** No answer in time, no connection, or a server error. */
  | { kind: 'unreachable' }
  /** An answer, but not one this contract knows: too large, not JSON, not the schema, another status. */
  | { kind: 'unreadable' };

/** GETs the moves of one export from the new server, at the approved addresses only. */
export function fetchMoves(origin: URL, addresses: { address: string; family: number }[], exportId: string, timeoutMs = answerTimeoutMs): Promise<MovesAnswer> {
  const url = new URL(`/api/account/moves/${encodeURIComponent(exportId)}`, origin);
  const [first] = addresses;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, first!.address, first!.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (answer: MovesAnswer) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve(answer);
    };
    const request = client.request(url, { method: 'GET', headers: { accept: 'application/json', 'user-agent': 'Cards-AccountMoves/1' }, lookup }, (response) => {
      const status = response.statusCode ?? 0;
      if (status === 404) return settle({ kind: 'unknown-export' });
      if (status >= 500) return settle({ kind: 'unreachable' });
      if (status !== 200) return settle({ kind: 'unreadable' });
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > maxAnswerBytes) return settle({ kind: 'unreadable' });
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxAnswerBytes) settle({ kind: 'unreadable' });
        else chunks.push(chunk);
      });
      response.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return settle({ kind: 'unreadable' });
        }
        const parsed = accountMovesResponseSchema.safeParse(body);
        settle(parsed.success ? { kind: 'moves', moves: parsed.data } : { kind: 'unreadable' });
      });
      response.on('error', () => settle({ kind: 'unreachable' }));
    });
    const deadline = setTimeout(() => settle({ kind: 'unreachable' }), timeoutMs);
    request.on('error', () => settle({ kind: 'unreachable' }));
    request.end();
  });
}
