import { describe, expect, it } from 'vitest';
import { cachedSalts, newSalt, visitorHash } from './daily-salt';

const visitor = { cardId: 'card-1', address: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone)' };

describe('daily salt', () => {
  it('gives each day its own random salt, loaded once per process and day', async () => {
    const loads: string[] = [];
    const salts = cachedSalts(async (day) => {
      loads.push(day);
      return `salt-of-${day}-${newSalt()}`;
    });
    const monday = await salts.saltOf('2026-11-23');
    expect(await salts.saltOf('2026-11-23')).toBe(monday);
    const tuesday = await salts.saltOf('2026-11-24');
    expect(tuesday).not.toBe(monday);
    expect(loads).toEqual(['2026-11-23', '2026-11-24']);
    // Monday's is forgotten in memory once Tuesday's is in use: asking again loads it (the store decides).
    await salts.saltOf('2026-11-23');
    expect(loads).toEqual(['2026-11-23', '2026-11-24', '2026-11-23']);
  });

  it('recognises a visitor within a day and not across days', () => {
    const [monday, tuesday] = [newSalt(), newSalt()];
    expect(visitorHash(monday, visitor)).toBe(visitorHash(monday, { ...visitor }));
    expect(visitorHash(tuesday, visitor)).not.toBe(visitorHash(monday, visitor));
    // Another card, address or browser is another visitor.
    expect(visitorHash(monday, { ...visitor, cardId: 'card-2' })).not.toBe(visitorHash(monday, visitor));
    expect(visitorHash(monday, { ...visitor, address: '203.0.113.10' })).not.toBe(visitorHash(monday, visitor));
    expect(visitorHash(monday, { ...visitor, userAgent: 'Mozilla/5.0 (Android)' })).not.toBe(visitorHash(monday, visitor));
    // The hash does not contain the address.
    expect(visitorHash(monday, visitor)).not.toContain(visitor.address);
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const salts = cachedSalts(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('database down');
      return 'salt';
    });
    await expect(salts.saltOf('2026-11-24')).rejects.toThrow('database down');
    expect(await salts.saltOf('2026-11-24')).toBe('salt');
  });

  it('makes salts that cannot be guessed', () => {
    const made = new Set(Array.from({ length: 100 }, newSalt));
    expect(made.size).toBe(100);
    expect([...made][0]!.length).toBeGreaterThanOrEqual(43);
  });
});
