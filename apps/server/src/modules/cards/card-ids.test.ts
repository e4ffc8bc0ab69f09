import { describe, expect, it } from 'vitest';
import { randomId } from './card-ids';
import { usernameField } from '@cardstack/shared/cards/username';

describe('randomId', () => {
  it('gives unguessable ids of 20 base62 characters that are also valid usernames', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => randomId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(usernameField.safeParse(id).success).toBe(true);
    }
  });

  it('uses every character of the alphabet', () => {
    const seen = new Set(Array.from({ length: 500 }, () => randomId()).join(''));
    expect(seen.size).toBe(62);
  });
});
