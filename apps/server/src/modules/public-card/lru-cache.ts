/**
 * A small least-recently-used map whose entries may also expire after `ttlMs`. A hit only stamps the entry
 * (no reordering, nothing allocated: it is on the page's hot path); when the map is full, the entry with the
 * oldest stamp goes. A map of short-lived entries is simply emptied when full instead: its keys come from
 * requests, and a flood of distinct keys must not turn every insert into a scan. In-process only: every entry
 * can be dropped at any time.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number; usedAt: number }>();
  private clock = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.ttlMs !== Number.POSITIVE_INFINITY && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    entry.usedAt = ++this.clock;
    return entry.value;
  }

  set(key: K, value: V): void {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      if (this.ttlMs === Number.POSITIVE_INFINITY) this.evictLeastRecentlyUsed();
      else this.entries.clear();
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs, usedAt: ++this.clock });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** One pass over the map, only when it is full: cheaper overall than reordering on every hit. */
  private evictLeastRecentlyUsed(): void {
    let oldestKey: K | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.entries.delete(key);
        return;
      }
      if (entry.usedAt < oldest) {
        oldest = entry.usedAt;
        oldestKey = key;
      }
    }
    if (oldestKey !== undefined) this.entries.delete(oldestKey);
  }
}
