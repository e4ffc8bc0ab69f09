import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, chooseTheme, storedTheme } from './theme';

describe('the colour scheme chosen in this browser', () => {
  let attributes: Map<string, string>;
  let storage: Map<string, string>;
  beforeEach(() => {
    attributes = new Map();
    storage = new Map();
    vi.stubGlobal('document', {
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
        removeAttribute: (name: string) => attributes.delete(name),
      },
    });
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system until a choice is made, then shows and keeps it', () => {
    expect(storedTheme()).toBe('system');
    applyTheme();
    expect(attributes.has('data-theme')).toBe(false);

    chooseTheme('dark');
    expect(attributes.get('data-theme')).toBe('dark');
    expect(storedTheme()).toBe('dark');
    chooseTheme('light');
    expect(attributes.get('data-theme')).toBe('light');

    chooseTheme('system');
    expect(attributes.has('data-theme')).toBe(false);
    expect(storage.size).toBe(0);
  });

  it('takes anything else kept under its name for the system’s, and a refused storage too', () => {
    storage.set('cardstack.theme', 'sepia');
    expect(storedTheme()).toBe('system');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(storedTheme()).toBe('system');
    chooseTheme('dark');
    expect(attributes.get('data-theme')).toBe('dark');
  });
});
