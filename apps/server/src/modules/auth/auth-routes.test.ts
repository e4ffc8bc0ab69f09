import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../db/database-unavailable';
import { registerErrorHandler } from '../../http/errors';
import type { AuthRouteDeps } from './auth-routes';
import { registerAuthRoutes } from './auth-routes';

/** The auth routes over a library that answers every request with its bare 500 (a statement of its own failed). */
async function appOverFailingLibrary(databaseOutage: AuthRouteDeps['databaseOutage']) {
  const app = Fastify();
  registerErrorHandler(app, {} as never);
  registerAuthRoutes(app, {
    loadAuth: async () => ({ handler: async () => new Response(null, { status: 500 }) }) as never,
    rateLimiter: {} as never,
    passwordAttempts: {} as never,
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
