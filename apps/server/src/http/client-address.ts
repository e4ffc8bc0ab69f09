/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many proxies in front of the server (the client's
 * address is the one the farthest of them saw); a list trusts only those addresses. Either way a client's own
 * X-Forwarded-For entries sit beyond the trusted hops and never become "the client address".
 */
export function fastifyTrustProxy(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting === 0 ? false : (_address, hop) => hop < setting;
  return setting;
}
