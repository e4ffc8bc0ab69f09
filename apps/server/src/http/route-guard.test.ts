import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checksOf, guards, registerRouteGuard, type GuardChecks, type RouteGuard } from './route-guard';

/** Checks that record what ran, in order, and refuse when told to. */
function recordingChecks(refuse: readonly string[] = []) {
  const ran: string[] = [];
  const step = (name: string) => async () => {
    ran.push(name);
    if (refuse.includes(name)) throw Object.assign(new Error(`${name} refused`), { statusCode: 403 });
  };
  const checks: GuardChecks = {
    signedIn: step('signed-in'),
    operator: step('operator'),
    confirmedEmail: step('confirmed-email'),
    feature: (feature) => step(`feature:${feature}`),
  };
  return { ran, checks, rateLimit: step('rate-limit') };
}

describe('the route guard', () => {
  it('stops the start when a route under /api declares no guard, and names it', async () => {
    const app = Fastify();
    registerRouteGuard(app, recordingChecks().checks);
    expect(() => app.get('/api/forgotten', async () => 'open')).toThrow('GET /api/forgotten declares no guard');
    await expect(
      app.register(async (scope) => {
        scope.post('/api/in-a-plugin', async () => 'open');
      }),
    ).rejects.toThrow('POST /api/in-a-plugin declares no guard');
    await app.close();
  });

  it('lets routes outside /api go without a declaration (pages, files, assets)', async () => {
    const app = Fastify();
    registerRouteGuard(app, recordingChecks().checks);
    app.get('/id/:key', async () => 'page');
    expect((await app.inject('/id/someone')).body).toBe('page');
    await app.close();
  });

  it.each<[string, RouteGuard, string[]]>([
    ['anyone', { caller: 'anyone' }, []],
    ['signed in', { caller: 'signed-in' }, ['signed-in']],
    ['an operator', { caller: 'operator' }, ['operator']],
    ['a device with its own credentials', { caller: 'wallet-device' }, []],
    ['signed in, a plan feature and a confirmed address', { caller: 'signed-in', feature: 'csvExport', confirmedEmail: true }, ['signed-in', 'confirmed-email', 'feature:csvExport']],
    ['anyone, within a rate limit', { caller: 'anyone', rateLimit: async () => {} }, ['rate-limit']],
    ['signed in, within a rate limit (counted first)', { caller: 'signed-in', rateLimit: async () => {} }, ['rate-limit', 'signed-in']],
  ])('runs the checks a guard for %s declares, in order, before the handler', async (_name, declared, expected) => {
    const { ran, checks, rateLimit } = recordingChecks();
    const guard = declared.rateLimit ? { ...declared, rateLimit } : declared;
    const app = Fastify();
    registerRouteGuard(app, checks);
    app.get('/api/thing', { config: { guard }, preHandler: async () => void ran.push('own preHandler') }, async () => {
      ran.push('handler');
      return 'done';
    });
    expect((await app.inject('/api/thing')).statusCode).toBe(200);
    expect(ran).toEqual([...expected, 'own preHandler', 'handler']);
    await app.close();
  });

  it('refuses before the handler runs when a check refuses', async () => {
    const { ran, checks } = recordingChecks(['feature:analytics']);
    const app = Fastify();
    registerRouteGuard(app, checks);
    app.get('/api/insights', { config: { guard: { caller: 'signed-in', feature: 'analytics' } } }, async () => {
      ran.push('handler');
      return 'numbers';
    });
    expect((await app.inject('/api/insights')).statusCode).toBe(403);
    expect(ran).toEqual(['signed-in', 'feature:analytics']);
    await app.close();
  });

  it('has presets for the common guards', () => {
    const { checks } = recordingChecks();
    expect(checksOf(guards.anyone.guard, checks)).toEqual([]);
    expect(checksOf(guards.signedIn.guard, checks)).toEqual([checks.signedIn]);
    expect(checksOf(guards.operator.guard, checks)).toEqual([checks.operator]);
  });
});
