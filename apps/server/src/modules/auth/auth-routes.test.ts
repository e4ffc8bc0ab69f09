import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../db/database-unavailable';
import { overloadMessage, overloadRetryAfterSeconds, registerErrorHandler } from '../../http/errors';
import type { AuthRouteDeps } from './auth-routes';
import { registerAuthRoutes } from './auth-routes';
import { createPasswordPlaces } from './password-places';

/** The auth routes over a library that answers every request with its bare 500 (a statement of its own failed). */
async function appOverFailingLibrary(databaseOutage: AuthRouteDeps['databaseOutage'], passwordPlaces = createPasswordPlaces({ inProgress: 1, waiting: 0 })) {
  const app = Fastify();
  registerErrorHandler(app, {} as never);
  registerAuthRoutes(app, {
    loadAuth: async () => ({ handler: async () => new Response(null, { status: 500 }) }) as never,
    rateLimiter: {} as never,
    passwordAttempts: {} as never,
    passwordPlaces,
    ...(databaseOutage ? { databaseOutage } : {}),
  });
  await app.ready();
  return app;
}

describe("the auth library's 500", () => {
  it('becomes 503 with Retry-After while the database is away', async () => {
    const app = await appOverFailingLibrary(() => new DatabaseUnavailableError(new Error('Connection terminated unexpectedly')));
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: { code: 'database-unavailable', message: expect.stringMatching(/try again/) } });
  });

  it('stays the library’s answer while the database answers', async () => {
    const app = await appOverFailingLibrary(() => undefined);
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(response.statusCode).toBe(500);
  });
});

describe('a sign-in flood', () => {
  it.each([
    { url: '/api/auth/sign-in/email', isRefused: true },
    { url: '/api/auth/sign-up/email', isRefused: true },
    { url: '/api/auth/reset-password', isRefused: true },
    { url: '/api/auth/two-factor/disable', isRefused: true },
    { url: '/api/auth/request-password-reset', isRefused: false },
  ])('while every place for a hash is taken, $url answers 503 before reading the request: $isRefused', async ({ url, isRefused }) => {
    const places = createPasswordPlaces({ inProgress: 1, waiting: 0 });
    let finish!: () => void;
    const held = places.run(() => new Promise<void>((resolve) => (finish = resolve)), () => new Error('busy'));
    const app = await appOverFailingLibrary(() => undefined, places);
    // An empty body would be a 400 once read.
    const response = await app.inject({ method: 'POST', url, payload: {} });
    if (isRefused) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(overloadRetryAfterSeconds));
      expect(response.json()).toEqual({ code: 'OVERLOADED', message: overloadMessage });
    } else {
      expect(response.statusCode).toBe(400);
    }
    finish();
    await held;
    expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(400);
  });
});
