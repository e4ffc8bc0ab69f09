import http2 from 'node:http2';

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

export interface ApnsConnection {
  pushPassUpdate(pushToken: string): Promise<PushOutcome>;
  close(): void;
}

const tokenLifetimeMs = 40 * 60 * 1000;

export function createApnsClient(target: ApnsTarget, now: () => number = Date.now) {
  let providerToken: { value: string; madeAt: number } | null = null;

  async function tokenNow(): Promise<string> {
    if (providerToken && now() - providerToken.madeAt < tokenLifetimeMs) return providerToken.value;
    // jose is loaded on the first push, not at start (start-imports.test.ts).
    const { importPKCS8, SignJWT } = await import('jose');
    const key = await importPKCS8(target.key, 'ES256');
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: target.keyId })
      .setIssuer(target.teamId)
      .setIssuedAt(Math.floor(now() / 1000))
      .sign(key);
    providerToken = { value, madeAt: now() };
    return value;
  }

  /** One push on an open connection: the device's outcome, or an error for a push that may succeed later. */
  async function push(session: http2.ClientHttp2Session, pushToken: string): Promise<PushOutcome> {
    if (!/^[0-9a-fA-F]{8,200}$/.test(pushToken)) return 'device-gone';
    const authorization = `bearer ${await tokenNow()}`;
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      session.once('error', reject);
      const settle = () => session.off('error', reject);
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
      request.on('end', () => {
        settle();
        resolve({ status, body });
      });
      request.on('error', (error) => {
        settle();
        reject(error);
      });
      request.on('close', () => {
        settle();
        if (status === 0) reject(new ApnsError('APNs closed the stream without an answer'));
      });
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
  }

  return {
    /**
     * A connection for a run of pushes, one after another: Apple asks providers to keep connections open rather
     * than open one per push, and lets a new connection carry one stream at a time until its first push
     * succeeds. A connection APNs closed is opened again by the next push.
     */
    connect(): ApnsConnection {
      let session: http2.ClientHttp2Session | null = null;
      const open = () => {
        if (session && !session.closed && !session.destroyed) return session;
        session = http2.connect(target.url, target.ca ? { ca: target.ca } : {});
        // A connection error reaches the push waiting on it; with none waiting it must not end the process.
        session.on('error', () => undefined);
        return session;
      };
      return {
        pushPassUpdate: (pushToken) => push(open(), pushToken),
        close: () => session?.close(),
      };
    },
  };
}
export type ApnsClient = ReturnType<typeof createApnsClient>;
