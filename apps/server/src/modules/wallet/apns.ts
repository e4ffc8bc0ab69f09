import http2 from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';

/*
 * Apple Push Notification service, token-based: an ES256 JWT made with the `.p8` key (kid = key id, iss = team
 * id), reused for up to 40 minutes (Apple refuses tokens older than an hour and ones renewed more often than
 * every 20 minutes). A pass update is an empty push to the device's token with the pass type id as topic; the
 * device then asks the web service which passes changed.
 */

export interface ApnsTarget {
  /** https://api.push.apple.com, or a local HTTP/2 server in tests. */
  url: string;
  /** An extra CA certificate to trust for that server (tests: the self-signed local server). */
  ca?: string | undefined;
  topic: string;
  teamId: string;
  keyId: string;
  key: string;
}

/** `device-gone`: Apple says the token is no longer valid (the pass was removed); the registration can go. */
export type PushOutcome = 'sent' | 'device-gone';

export class ApnsError extends Error {}

const tokenLifetimeMs = 40 * 60 * 1000;

export function createApnsClient(target: ApnsTarget, now: () => number = Date.now) {
  let providerToken: { value: string; madeAt: number } | null = null;

  async function tokenNow(): Promise<string> {
    if (providerToken && now() - providerToken.madeAt < tokenLifetimeMs) return providerToken.value;
    const key = await importPKCS8(target.key, 'ES256');
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: target.keyId })
      .setIssuer(target.teamId)
      .setIssuedAt(Math.floor(now() / 1000))
      .sign(key);
    providerToken = { value, madeAt: now() };
    return value;
  }

  return {
    async pushPassUpdate(pushToken: string): Promise<PushOutcome> {
      if (!/^[0-9a-fA-F]{8,200}$/.test(pushToken)) return 'device-gone';
      const authorization = `bearer ${await tokenNow()}`;
      const session = http2.connect(target.url, target.ca ? { ca: target.ca } : {});
      try {
        const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          session.on('error', reject);
          const request = session.request({
            ':method': 'POST',
            ':path': `/3/device/${pushToken}`,
            authorization,
            'apns-topic': target.topic,
            'apns-priority': '5',
            'content-type': 'application/json',
          });
          request.setTimeout(15_000, () => request.close(http2.constants.NGHTTP2_CANCEL));
          let status = 0;
          let body = '';
          request.on('response', (headers) => {
            status = Number(headers[':status']);
          });
          request.setEncoding('utf8');
          request.on('data', (chunk: string) => {
            body += chunk;
          });
          request.on('end', () => resolve({ status, body }));
          request.on('error', reject);
          request.on('close', () => (status === 0 ? reject(new ApnsError('APNs closed the stream without an answer')) : undefined));
          request.end('{}');
        });
        if (status === 200) return 'sent';
        const reason = (() => {
          try {
            return (JSON.parse(body) as { reason?: string }).reason ?? '';
          } catch {
            return '';
          }
        })();
        if (status === 410 || (status === 400 && (reason === 'BadDeviceToken' || reason === 'DeviceTokenNotForTopic'))) return 'device-gone';
        if (status === 403 && reason.includes('ProviderToken')) providerToken = null;
        throw new ApnsError(`APNs answered ${status}${reason ? ` (${reason})` : ''}`);
      } finally {
        session.close();
      }
    },
  };
}
export type ApnsClient = ReturnType<typeof createApnsClient>;
