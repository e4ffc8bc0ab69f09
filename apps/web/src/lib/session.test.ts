import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@cardstack/shared/auth/schemas';

// The store is module state: each test gets a fresh copy.
async function freshSession() {
  vi.resetModules();
  return import('./session');
}

const ada = { id: 'u1', email: 'ada@example.com', displayName: 'Ada' } as unknown as SessionUser;
const grace = { id: 'u2', email: 'grace@example.com', displayName: 'Grace' } as unknown as SessionUser;

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('session store', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is pending until the first answer, then holds the user (null when the server says nobody is signed in)', async () => {
    const session = await freshSession();
    expect(session.getSessionSnapshot()).toEqual({ user: undefined, isPending: true });
    fetchMock.mockResolvedValueOnce(answer(200, ada));
    await session.refreshSession();
    expect(session.getSessionSnapshot()).toEqual({ user: ada, isPending: false });
    expect(fetchMock).toHaveBeenCalledWith('/api/session', { credentials: 'same-origin' });

    fetchMock.mockResolvedValueOnce(answer(200, null));
    await session.refreshSession();
    expect(session.getSessionSnapshot()).toEqual({ user: null, isPending: false });
  });

  it('keeps the user it had when a refresh fails, and settles as "not known" when the first one does', async () => {
    const session = await freshSession();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await session.refreshSession();
    expect(session.getSessionSnapshot()).toEqual({ user: undefined, isPending: false });

    fetchMock.mockResolvedValueOnce(answer(200, ada));
    await session.refreshSession();
    fetchMock.mockResolvedValueOnce(answer(503));
    await session.refreshSession();
    expect(session.getSessionSnapshot()).toEqual({ user: ada, isPending: false });
  });

  it('lets the latest refresh win over an earlier one that answers later', async () => {
    const session = await freshSession();
    let answerFirst: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)));
    fetchMock.mockResolvedValueOnce(answer(200, grace));
    const first = session.refreshSession();
    await session.refreshSession();
    answerFirst(answer(200, ada));
    await first;
    expect(session.getSessionSnapshot().user).toEqual(grace);
  });

  it('fetches once for many readers, and again only when the answer is over a minute old', async () => {
    vi.useFakeTimers();
    try {
      const session = await freshSession();
      fetchMock.mockResolvedValue(answer(200, ada));
      session.prefetchSession();
      session.prefetchSession();
      await vi.waitFor(() => expect(session.getSessionSnapshot().isPending).toBe(false));
      session.prefetchSession();
      expect(fetchMock).toHaveBeenCalledTimes(1);

      vi.advanceTimersByTime(61_000);
      session.prefetchSession();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a user the server just returned without asking again', async () => {
    const session = await freshSession();
    session.setSessionUser(grace);
    expect(session.getSessionSnapshot()).toEqual({ user: grace, isPending: false });
    session.prefetchSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
