import { LRUCache } from 'lru-cache';

/** What the public card service needs of a cache. In-process only: every entry can be dropped at any time. */
export interface MemoryCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
}

export interface MemoryCacheOptions {
  /** 0 turns the cache off: it keeps nothing. */
  maxEntries: number;
  /** How long an entry lives after it was set (0: not at all, the cache keeps nothing); forever when absent. */
  ttlMs?: number;
  /** Tests only: the clock the lifetime is measured on (never 0), read on every call. */
  clock?: { now(): number };
}

const keepsNothing: MemoryCache<never, never> = { get: () => undefined, set() {}, delete() {}, clear() {} };

/**
 * The least recently used entry goes when the cache is full; an expired entry is never returned. lru-cache sets
 * aside its arrays for `maxEntries` at once (~0.3 MB for 10,000), so the cache is made with its first entry: a
 * server that has not served a card does not hold them.
 */
// Keys and values are never null or undefined: undefined is how `get` says "absent".
export function memoryCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>({ maxEntries, ttlMs, clock }: MemoryCacheOptions): MemoryCache<K, V> {
  if (maxEntries <= 0 || (ttlMs !== undefined && ttlMs <= 0)) return keepsNothing;
  let entries: LRUCache<K, V> | undefined;
  return {
    get: (key) => entries?.get(key),
    set(key, value) {
      entries ??= new LRUCache<K, V>({
        max: maxEntries,
        // lru-cache counts whole milliseconds.
        ...(ttlMs !== undefined ? { ttl: Math.ceil(ttlMs) } : {}),
        ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
      });
      entries.set(key, value);
    },
    delete: (key) => void entries?.delete(key),
    clear: () => entries?.clear(),
  };
}
