import { afterEach, describe, expect, it, vi } from 'vitest';
import type { createAuth } from './auth';

type AuthDeps = Parameters<typeof createAuth>[0];
const deps = { secret: 'unused here' } as unknown as AuthDeps;

afterEach(() => {
  vi.doUnmock('./auth');
  vi.resetModules();
});

describe('the auth loader', () => {
  it('sets Better Auth up once, on the first call, for every caller', async () => {
    const instance = { handler: () => undefined };
    const setUp = vi.fn(() => instance);
    vi.doMock('./auth', () => ({ createAuth: setUp }));
    const { createAuthLoader } = await import('./auth-loader');

    const loadAuth = createAuthLoader(deps);
    expect(setUp).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([loadAuth(), loadAuth()]);
    expect(first).toBe(instance);
    expect(second).toBe(instance);
    expect(await loadAuth()).toBe(instance);
    expect(setUp).toHaveBeenCalledTimes(1);
    expect(setUp).toHaveBeenCalledWith(deps);
  });

  it('fails at once with a message naming the library when it cannot be loaded, on every call', async () => {
    vi.doMock('./auth', () => {
      throw new Error("Cannot find package 'better-auth'");
    });
    const { createAuthLoader } = await import('./auth-loader');

    const loadAuth = createAuthLoader(deps);
    await expect(loadAuth()).rejects.toThrow(/^Could not load the sign-in library \(better-auth\): /);
    await expect(loadAuth()).rejects.toThrow(/Could not load the sign-in library/);
  });
});
