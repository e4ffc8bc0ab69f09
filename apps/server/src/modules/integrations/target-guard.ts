import dns from 'node:dns';
import net from 'node:net';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';
import { englishText } from '@cardstack/shared/i18n/keyed-text';

/*
 * The SSRF guard for webhook targets. A subscription names a URL; the server POSTs to it later. Without a guard
 * anyone with an API key could make the server call its own admin ports, the cloud metadata address or the
 * office network. Rules: https only in production; the host's every address must be public, unless the operator
 * allows private targets (WEBHOOKS_ALLOW_PRIVATE_TARGETS=true, for an on-premises receiver). The check runs when
 * subscribing and again for every delivery, on the address the connection is actually made to (no DNS
 * rebinding in between).
 *
 * "Public" is an allow rule, not a list of known-bad ranges: an IPv6 address must be global unicast (2000::/3)
 * outside IANA's special-purpose blocks, and an IPv4 address must be outside IPv4's. Everything else — loopback,
 * private, link-local, site-local, multicast, reserved, documentation, and the transition forms that embed an
 * IPv4 address in IPv6 (IPv4-compatible, IPv4-translated, 6to4, Teredo) — is refused, so an address the kernel
 * might route to the server's own networks cannot pass as an unknown IPv6 form. Two embeddings are judged by the
 * IPv4 address inside: IPv4-mapped (::ffff:a.b.c.d connects to a.b.c.d) and the well-known NAT64 prefix
 * 64:ff9b::/96 (the gateway connects to the embedded address; an IPv6-only host reaches IPv4 receivers that way).
 * Anycast service addresses (PCP, TURN, AMT, AS112) are refused too: they reach whichever instance is nearest the
 * server, which may sit inside its own network.
 */

export interface TargetPolicy {
  requireHttps: boolean;
  allowPrivateTargets: boolean;
}

/** IPv4's special-purpose blocks (IANA registry), multicast and the reserved 240/4 (which holds 255.255.255.255). */
const nonPublicIpv4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (PCP and TURN anycast among them)
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112 anycast
  ['192.52.193.0', 24], // AMT anycast
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 anycast (direct delegation)
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast address
] as const) {
  nonPublicIpv4.addSubnet(network, prefix, 'ipv4');
}

/** IANA's special-purpose blocks inside global unicast 2000::/3 (the rest of the IPv6 space is refused whole). */
const nonPublicGlobalIpv6 = new net.BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID, anycast services
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address, and the relay is whoever is nearest
  ['2620:4f:8000::', 48], // AS112 anycast (direct delegation)
  ['3fff::', 20], // documentation
] as const) {
  nonPublicGlobalIpv6.addSubnet(network, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address (a trailing dotted IPv4 part counts as two), or null when it is no IPv6 address. */
function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address) || address.includes('%')) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a, b, c, d] = dotted[1].split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** Whether the server may call this address: a public IPv4 address or a global unicast IPv6 address (see above). */
export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) return !nonPublicIpv4.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const isIpv4Mapped = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff;
  const isWellKnownNat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (isIpv4Mapped || isWellKnownNat64) return isPublicAddress(ipv4Of(g6, g7));
  const isGlobalUnicast = (g0 & 0xe000) === 0x2000;
  return isGlobalUnicast && !nonPublicGlobalIpv6.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6');
}

/** A webhook target the guard refuses, with the keyed message the subscriber reads. */
export class TargetRefused extends Error {
  constructor(readonly keyedMessage: KeyedMessage) {
    super(englishText(keyedMessage));
  }
}

/** Checks the URL's form (scheme, no credentials) without resolving it. */
export function checkTargetForm(url: URL, policy: TargetPolicy): void {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.requireHttps)) throw new TargetRefused(keyed('targetNotHttps'));
  if (url.username || url.password) throw new TargetRefused(keyed('targetHasCredentials'));
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
      throw new TargetRefused(keyed('targetUnresolvable'));
    }
  }
  if (addresses.length === 0) throw new TargetRefused(keyed('targetUnresolvable'));
  if (!policy.allowPrivateTargets && !addresses.every((entry) => isPublicAddress(entry.address))) throw new TargetRefused(keyed('targetPrivate'));
  return addresses;
}
