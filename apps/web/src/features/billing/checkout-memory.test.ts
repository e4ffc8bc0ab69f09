import { describe, expect, it } from 'vitest';
import { checkoutMemoryKey, forgetCheckoutMemory, readCheckoutMemory, rememberCheckout } from './checkout-memory';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the checkout round trip memory', () => {
  it('keeps the chosen plan title until it is forgotten', () => {
    const storage = memoryStorage();
    rememberCheckout({ planTitle: 'Pro', kind: 'upgrade' }, storage);
    expect(JSON.parse(storage.values.get(checkoutMemoryKey)!)).toEqual({ planTitle: 'Pro', kind: 'upgrade' });
    expect(readCheckoutMemory(storage)).toEqual({ planTitle: 'Pro', kind: 'upgrade' });
    expect(readCheckoutMemory(storage)).toEqual({ planTitle: 'Pro', kind: 'upgrade' });
    forgetCheckoutMemory(storage);
    expect(readCheckoutMemory(storage)).toBeNull();
  });

  it.each(['not json', '{"planTitle":1,"kind":"upgrade"}', '{"planTitle":"Pro","kind":"steal"}', '{}'])('ignores %s', (raw) => {
    expect(readCheckoutMemory(memoryStorage({ [checkoutMemoryKey]: raw }))).toBeNull();
  });

  it('works without storage', () => {
    expect(() => rememberCheckout({ planTitle: 'Teams', kind: 'change' }, null)).not.toThrow();
    expect(readCheckoutMemory(null)).toBeNull();
    expect(() => forgetCheckoutMemory(null)).not.toThrow();
    const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('full'); }, removeItem: () => undefined };
    expect(() => rememberCheckout({ planTitle: 'Teams', kind: 'change' }, broken)).not.toThrow();
    expect(readCheckoutMemory(broken)).toBeNull();
  });
});
