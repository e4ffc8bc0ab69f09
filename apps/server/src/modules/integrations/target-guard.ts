import dns from 'node:dns';
import net from 'node:net';
import { integrationMessages } from '@cardstack/shared/integrations/schemas';

/*
 * The SSRF guard for webhook targets. A subscription names a URL; the server POSTs to it later. Without a guard
 * anyone with an API key could make the server call its own admin ports, the cloud metadata address or the
 * office network. Rules: https only in production; the host's every address must be public (not loopback,
 * private, link-local, carrier-grade NAT, multicast or reserved), unless the operator allows private targets
 * (WEBHOOKS_ALLOW_PRIVATE_TARGETS=true, for an on-premises receiver). The check runs when subscribing and again
 * for every delivery, on the address the connection is actually made to (no DNS rebinding in between).
 */

export interface TargetPolicy {
  requireHttps: boolean;
  allowPrivateTargets: boolean;
}

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is one the server must not call (IPv4-mapped IPv6 addresses are judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class TargetRefused extends Error {}

/** Checks the URL's form (scheme, no credentials) without resolving it. */
export function checkTargetForm(url: URL, policy: TargetPolicy): void {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.requireHttps)) throw new TargetRefused(integrationMessages.targetNotHttps);
  if (url.username || url.password) throw new TargetRefused('The target URL must not carry a user name or password.');
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The addresses to connect to, all checked; throws `TargetRefused` when any is refused or none is found. */
export async function resolveTarget(url: URL, policy: TargetPolicy, resolve: Resolver = systemResolver): Promise<{ address: string; family: number }[]> {
  checkTargetForm(url, policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new TargetRefused(integrationMessages.targetUnresolvable);
    }
  }
  if (addresses.length === 0) throw new TargetRefused(integrationMessages.targetUnresolvable);
  if (!policy.allowPrivateTargets && addresses.some((entry) => isPrivateAddress(entry.address))) throw new TargetRefused(integrationMessages.targetPrivate);
  return addresses;
}
