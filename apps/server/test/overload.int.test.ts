import { afterEach, describe, expect, it } from 'vitest';
import { overloadMessage, overloadRetryAfterSeconds } from '../src/http/errors';
import { createTestApp, TestClient, type TestApp } from './test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Keeps the event loop busy in slices of `sliceMs` for `totalMs`, yielding between slices (timers run late). */
async function busyFor(totalMs: number, sliceMs: number): Promise<void> {
  const end = Date.now() + totalMs;
  while (Date.now() < end) {
    const sliceEnd = Date.now() + sliceMs;
    while (Date.now() < sliceEnd) {
      // spin: the work a flood of requests would be doing
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('overload', () => {
  it('answers 503 with Retry-After at once while the event loop lags, and serves again when it recovers', async () => {
    t = await createTestApp({ OVERLOAD_EVENT_LOOP_DELAY_MS: '40' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // The delay is sampled once a second: lag across a whole sample.
    await busyFor(2_200, 120);
    const shed = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe(String(overloadRetryAfterSeconds));
    expect(shed.json()).toEqual({ error: { code: 'overloaded', message: overloadMessage } });

    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect((await t.app.inject({ method: 'GET', url: '/api/public-config' })).statusCode).toBe(200);
  });

  it('answers 503 while the event loop is busy all the time in short slices (no long delay)', async () => {
    t = await createTestApp({ OVERLOAD_EVENT_LOOP_UTILIZATION: '0.9' });
    await busyFor(2_200, 5);
    const shed = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe(String(overloadRetryAfterSeconds));
  });

  it('still answers the liveness probe and the metrics scrape while shedding the rest', async () => {
    const token = 'metrics-token-0123456789abcdef';
    t = await createTestApp({ OVERLOAD_EVENT_LOOP_UTILIZATION: '0.9', METRICS_TOKEN: token });
    await busyFor(2_200, 5);
    expect((await t.app.inject({ method: 'GET', url: '/api/public-config' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    const scrape = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toContain('cards_http_requests_total{method="GET",route="/api/public-config",status_code="503"} 1');
  });

  it('is off with both signals at 0', async () => {
    t = await createTestApp();
    await busyFor(1_500, 120);
    expect((await t.app.inject({ method: 'GET', url: '/api/public-config' })).statusCode).toBe(200);
  });

  it('refuses password checks beyond the hashing places at once with 503 and Retry-After, and serves the rest', async () => {
    t = await createTestApp({ OVERLOAD_PASSWORD_HASHES_AT_ONCE: '1', OVERLOAD_PASSWORD_HASHES_WAITING: '1', SIGN_IN_RATE_LIMIT_MAX: '100' });
    const owner = new TestClient(t.app);
    const { email, password } = await owner.register();

    // Six sign-ins at once: one hashes, one waits, four are refused before any hashing.
    const flood = await Promise.all(Array.from({ length: 6 }, () => new TestClient(t!.app).signIn(email, password)));
    const statuses = flood.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 503, 503, 503, 503]);
    const refused = flood.find((response) => response.statusCode === 503)!;
    expect(refused.headers['retry-after']).toBe(String(overloadRetryAfterSeconds));
    expect(refused.json()).toEqual({ code: 'OVERLOADED', message: overloadMessage });

    // The app's own routes that check a password through the auth library answer in the API's shape.
    const changes = await Promise.all(
      Array.from({ length: 4 }, () =>
        owner.post('/api/account/password', { currentPassword: password, newPassword: password, confirmPassword: password }),
      ),
    );
    const shed = changes.find((response) => response.statusCode === 503);
    expect(shed?.headers['retry-after']).toBe(String(overloadRetryAfterSeconds));
    expect(shed?.json()).toEqual({ error: { code: 'overloaded', message: overloadMessage } });

    // Once the flood is over, signing in works again.
    expect((await new TestClient(t.app).signIn(email, password)).statusCode).toBe(200);
  });
});
