import { describe, expect, it } from 'vitest';
import { englishText } from '../i18n/keyed-text';
import { usernameField, usernameKey } from './username';

const characters = 'Use only letters, numbers, hyphens and underscores, starting and ending with a letter or number';

describe('username rule', () => {
  it.each([
    ['ada', null],
    ['Ada-Lovelace_1815', null],
    ['a1b2C3d4E5f6G7h8I9j0', null],
    ['  padded  ', null],
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(41), 'Username must be at most 40 characters'],
    ['-ada', characters],
    ['ada_', characters],
    ['ada lovelace', characters],
    ['ada.lovelace', characters],
    ['ada/../x', characters],
    ['Ädä', characters],
  ])('%j -> %s', (value, message) => {
    const result = usernameField.safeParse(value);
    expect(result.success ? null : englishText(result.error.issues[0]!.message)).toBe(message);
  });

  it('compares case-insensitively', () => {
    expect(usernameKey(' Ada ')).toBe(usernameKey('ADA'));
  });
});
