import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkLoadTimeoutMs, loadWithTimeout } from './chunk-timeout';
import { isChunkLoadError } from './route-error';

describe('loadWithTimeout — a code chunk gives up after 120000 ms', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 120000 ms', () => {
    expect(chunkLoadTimeoutMs).toBe(120_000);
  });

  it('fails a chunk that has not loaded after 120000 ms with an error the Reload screen recognises', async () => {
    const never = () => new Promise<never>(() => undefined);
    const loading = loadWithTimeout(never);
    const outcome = loading.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toMatchObject({ name: 'ChunkLoadError' });
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('passes a chunk that loads in time, and a failed stylesheet (CSS_CHUNK_LOAD_FAILED) on to the Reload screen', async () => {
    const page = { default: 'page' };
    const slow = () => new Promise<typeof page>((resolve) => setTimeout(() => resolve(page), chunkLoadTimeoutMs - 1000));
    const loaded = loadWithTimeout(slow);
    await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs);
    await expect(loaded).resolves.toBe(page);

    const css = Object.assign(new Error('Loading CSS chunk 7 failed'), { code: 'CSS_CHUNK_LOAD_FAILED' });
    const failed = loadWithTimeout(() => Promise.reject(css));
    await expect(failed).rejects.toBe(css);
    expect(isChunkLoadError(css)).toBe(true);
  });
});
