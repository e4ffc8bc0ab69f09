import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Auth } from './auth';
import { readSession } from './session';

const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

/** A stand-in for Better Auth that knows no session: what matters here is whether it is loaded and asked. */
function spiedAuth() {
  const getSession = vi.fn(async () => null);
  const loadAuth = vi.fn(async () => ({ api: { getSession } }) as unknown as Auth);
  return { loadAuth, getSession };
}

describe('reading the session', () => {
  it('answers a request without the session cookie without loading the library', async () => {
    const { loadAuth } = spiedAuth();
    expect(await readSession(loadAuth, requestWith({}))).toBeNull();
    expect(await readSession(loadAuth, requestWith({ cookie: 'theme=dark; better-auth.two_factor=x' }))).toBeNull();
    expect(loadAuth).not.toHaveBeenCalled();
  });

  it('asks the library when the session cookie is there, on HTTP and HTTPS alike', async () => {
    for (const cookie of ['theme=dark; better-auth.session_token=abc.def', '__Secure-better-auth.session_token=abc.def']) {
      const { loadAuth, getSession } = spiedAuth();
      expect(await readSession(loadAuth, requestWith({ cookie }))).toBeNull();
      expect(getSession).toHaveBeenCalledTimes(1);
      expect((getSession.mock.calls[0] as unknown as [{ headers: Headers }])[0].headers.get('cookie')).toBe(cookie);
    }
  });
});
