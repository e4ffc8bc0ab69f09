import { describe, expect, it } from 'vitest';
import { usernameField, usernameKey, usernameMessages } from './username';

describe('username rule', () => {
  it.each([
    ['ada', null],
    ['Ada-Lovelace_1815', null],
    ['a1b2C3d4E5f6G7h8I9j0', null],
    ['  padded  ', null],
    ['ab', usernameMessages.tooShort],
    ['a'.repeat(41), usernameMessages.tooLong],
    ['-ada', usernameMessages.characters],
    ['ada_', usernameMessages.characters],
    ['ada lovelace', usernameMessages.characters],
    ['ada.lovelace', usernameMessages.characters],
    ['ada/../x', usernameMessages.characters],
    ['Ädä', usernameMessages.characters],
  ])('%j -> %s', (value, message) => {
    const result = usernameField.safeParse(value);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });

  it('compares case-insensitively', () => {
    expect(usernameKey(' Ada ')).toBe(usernameKey('ADA'));
  });
});
