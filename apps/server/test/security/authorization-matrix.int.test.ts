import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routeMatrix, type Attempt } from './route-matrix';
import { actors, buildWorld, fingerprint, type Actor, type World } from './security-world';

/*
 * Item one of the security suite: every route of the app against the five callers. A route the matrix does
 * not know fails the first test; a caller outside `allow` must be refused (401, 404, or 403 forbidden /
 * paid-feature) with no row changed; a caller inside must get past the checks; nobody gets a 5xx.
 */

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 60_000);
afterAll(async () => {
  await world?.t.close();
});

/** Every route of the app as "METHOD /path" (HEAD is Fastify's automatic twin of GET). */
function appRoutes(): string[] {
  const keys = world.routes.flatMap((route) => [route.method].flat().filter((method) => method !== 'HEAD').map((method) => routeKey(method, route.url)));
  return [...new Set(keys)].sort();
}

async function send(actor: Actor, attempt: Attempt) {
  const client = world.clients[actor];
  if (attempt.upload) return client.request(attempt.method as 'POST', attempt.url, attempt.upload.body, attempt.upload.headers);
  return client.request(attempt.method, attempt.url, attempt.body);
}

function isRefusal(status: number, body: string): boolean {
  if (status === 401 || status === 404) return true;
  if (status !== 403) return false;
  try {
    const code = (JSON.parse(body) as { error?: { code?: string } }).error?.code;
    return code === 'forbidden' || code === 'paid-feature';
  } catch {
    // HTML pages (the local checkout) refuse with a page.
    return true;
  }
}

describe('the authorization matrix', () => {
  it('has an entry for every route of the app, and no entry for a route that is gone', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((key) => !(key in routeMatrix)), 'routes without a matrix entry: say who may call them').toEqual([]);
    expect(Object.keys(routeMatrix).filter((key) => !routes.includes(key)), 'matrix entries for routes that do not exist').toEqual([]);
  });

  const cases = Object.entries(routeMatrix).map(([key, rule]) => ({ key, rule }));
  it.each(cases)('$key', async ({ key, rule }) => {
    // Refused callers first: a refusal must leave every row as it was.
    const order = [...actors].sort((a, b) => Number(rule.allow.includes(a)) - Number(rule.allow.includes(b)));
    for (const actor of order) {
      const attempt = await rule.attempt(world, actor);
      const isAllowed = rule.isPublic || rule.allow.includes(actor);
      const before = isAllowed ? null : await fingerprint(world);
      const response = await send(actor, attempt);
      const what = `${actor}: ${attempt.method} ${attempt.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, what).toBeLessThan(500);
      if (rule.isPublic) continue;
      if (isAllowed) {
        expect(isRefusal(response.statusCode, response.body), `${what} (should be allowed)`).toBe(false);
      } else {
        expect(isRefusal(response.statusCode, response.body), `${what} (should be refused)`).toBe(true);
        expect(await fingerprint(world), `${what} changed data`).toBe(before);
      }
    }
    // A key of this entry must be one of the app's routes (checked above); keep the name in the report.
    expect(key).toContain(' ');
  });
});
