import net from 'node:net';

/** TRUST_PROXY as the configuration holds it: no proxy, a hop count, or the proxies' addresses/CIDR ranges. */
export type TrustProxySetting = false | number | string[];

/**
 * The shortest range TRUST_PROXY may name. A /0 trusts every address, and anything near it trusts most of the
 * internet: any client inside could name its own address in X-Forwarded-For and walk past every per-address limit.
 */
export const shortestTrustedPrefix = 8;

/**
 * The eight 16-bit groups of an IPv6 address (a zone such as `%eth0` ignored, a dotted IPv4 tail read as two
 * groups); null when `address` is no IPv6 address.
 */
export function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  if (!net.isIPv6(text)) return null;
  const dottedTail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dottedTail) {
    const [a, b, c, d] = dottedTail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dottedTail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return groupsOf(head);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) stands for; null for any other address. */
export function mappedIPv4Of(groups: readonly number[]): string | null {
  if (groups.length !== 8 || groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** How one TRUST_PROXY entry is wrong, or null when it is an address or a range of at least /8. */
function entryProblem(entry: string): 'not-an-address' | 'too-wide' | null {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (rest.length > 0 || version === 0) return 'not-an-address';
  if (bits === undefined) return null;
  const maxBits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > maxBits) return 'not-an-address';
  // An IPv4-mapped range (::ffff:10.0.0.0/104) covers IPv4 clients: its width is that of the IPv4 part.
  const groups = version === 6 ? ipv6Groups(address) : null;
  const prefix = groups && mappedIPv4Of(groups) !== null ? Number(bits) - 96 : Number(bits);
  return prefix < shortestTrustedPrefix ? 'too-wide' : null;
}

/**
 * Reads TRUST_PROXY: unset, `false` or `0` (no proxy: the socket address is the client's), a hop count (`1` for
 * one proxy in front), or the proxies' addresses/CIDR ranges, comma separated. Answers the setting, or a refusal
 * saying what is wrong: "trust everyone" (`true`, `*`, a range shorter than /8), an empty entry, or anything that
 * is no address.
 */
export function parseTrustProxy(value: string | undefined): { setting: TrustProxySetting } | { refusal: string } {
  if (value === undefined || value === 'false' || value === '0') return { setting: false };
  if (/^\d+$/.test(value)) return { setting: Number(value) };
  if (value === 'true' || value === '*') {
    return { refusal: 'name the proxies instead of trusting everyone: a hop count (1 for one reverse proxy) or their addresses/CIDR ranges, comma separated' };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.includes('')) return { refusal: `has an empty entry (a stray comma?): ${value}` };
  const problems = entries.map(entryProblem);
  const wrong = entries.filter((_entry, index) => problems[index] === 'not-an-address');
  if (wrong.length > 0) {
    return { refusal: `must be a hop count or a comma-separated list of proxy addresses/CIDR ranges (not: ${wrong.join(', ')})` };
  }
  const tooWide = entries.filter((_entry, index) => problems[index] === 'too-wide');
  if (tooWide.length > 0) {
    return {
      refusal: `${tooWide.join(', ')}: a range shorter than /${shortestTrustedPrefix} trusts nearly every client's own X-Forwarded-For; name the proxies' addresses or a narrower range`,
    };
  }
  return { setting: entries };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many proxies in front of the server (the client's
 * address is the one the farthest of them saw); a list trusts only those addresses. Either way a client's own
 * X-Forwarded-For entries sit beyond the trusted hops and never become "the client address".
 */
export function fastifyTrustProxy(setting: TrustProxySetting): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting === 0 ? false : (_address, hop) => hop < setting;
  return setting;
}
