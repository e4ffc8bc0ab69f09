import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedPrefix } from '../../src/http/route-guard';
import { createTestApp, type TestApp } from '../test-app';
import { routeKey, routeMatrix } from './route-matrix';

/*
 * The routes' declared guards (http/route-guard.ts) against what the authorization matrix proves of them: a route
 * the matrix refuses to anonymous callers is not declared open to anyone, and a route open to everyone does not
 * declare a session.
 */

let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
});
afterAll(async () => {
  await t?.close();
});

const apiRoutes = () =>
  routes
    .filter((route) => route.url.startsWith(guardedPrefix))
    .flatMap((route) => [route.method].flat().filter((method) => method !== 'HEAD').map((method) => ({ key: routeKey(method, route.url), guard: route.config?.guard })));

describe('route guards', () => {
  it('are declared by every route under /api', () => {
    expect(apiRoutes().length).toBeGreaterThan(100);
    expect(apiRoutes().filter((route) => !route.guard).map((route) => route.key)).toEqual([]);
  });

  it('agree with the authorization matrix', () => {
    const disagreements = apiRoutes().flatMap(({ key, guard }) => {
      const rule = routeMatrix[key];
      if (!rule || !guard) return [];
      const isOpen = guard.caller === 'anyone';
      const needsSession = guard.caller === 'signed-in' || guard.caller === 'operator';
      if (isOpen && !rule.allow.includes('anonymous')) return [`${key}: declared open to anyone, but the matrix refuses anonymous callers`];
      if (needsSession && rule.isPublic) return [`${key}: declared ${guard.caller}, but the matrix has it public`];
      return [];
    });
    expect(disagreements).toEqual([]);
  });
});
