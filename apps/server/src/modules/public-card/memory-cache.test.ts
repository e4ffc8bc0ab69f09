import { describe, expect, it } from 'vitest';
import { memoryCache } from './memory-cache';

describe('memoryCache', () => {
  it('drops the least recently used entry when full', () => {
    const cache = memoryCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('keeps entries without a lifetime until they are pushed out, deleted or cleared', () => {
    const clock = { now: () => 0 };
    const cache = memoryCache<string, number>({ maxEntries: 3, clock });
    cache.set('a', 1);
    cache.set('b', 2);
    clock.now = () => 1e12;
    expect(cache.get('a')).toBe(1);
    cache.delete('a');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, 2]);
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
  });

  it('forgets an entry once its lifetime, counted from when it was set, is over', () => {
    let now = 1000;
    const cache = memoryCache<string, { ref: number | null }>({ maxEntries: 10, ttlMs: 100, clock: { now: () => now } });
    cache.set('a', { ref: 1 });
    now = 1060;
    cache.set('missing', { ref: null });
    now = 1100;
    // Reading does not extend the lifetime.
    expect([cache.get('a'), cache.get('missing')]).toEqual([{ ref: 1 }, { ref: null }]);
    now = 1101;
    expect([cache.get('a'), cache.get('missing')]).toEqual([undefined, { ref: null }]);
    now = 1161;
    expect(cache.get('missing')).toBeUndefined();
  });

  it('rounds a fractional lifetime up to whole milliseconds', () => {
    let now = 1000;
    const cache = memoryCache<string, number>({ maxEntries: 10, ttlMs: 0.5, clock: { now: () => now } });
    cache.set('a', 1);
    now = 1001;
    expect(cache.get('a')).toBe(1);
    now = 1002;
    expect(cache.get('a')).toBeUndefined();
  });

  it.each([
    ['no entries', { maxEntries: 0 }],
    ['a lifetime of 0', { maxEntries: 10, ttlMs: 0 }],
  ])('keeps nothing with %s (caching turned off)', (_, options) => {
    const cache = memoryCache<string, number>(options);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});
