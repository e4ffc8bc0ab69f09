import { describe, expect, it } from 'vitest';
import { textFieldsOf } from './text-fields';

describe('textFieldsOf', () => {
  it.each([
    ['every field given', { name: 'Ada', email: 'ada@example.com' }, { name: 'Ada', email: 'ada@example.com' }],
    ['a missing field becomes empty', { name: 'Ada' }, { name: 'Ada', email: '' }],
    ['null and undefined become empty', { name: null, email: undefined }, { name: '', email: '' }],
    ['an empty string stays empty', { name: '', email: '' }, { name: '', email: '' }],
  ])('%s', (_case, values, expected) => {
    expect(textFieldsOf(values, ['name', 'email'])).toEqual(expected);
  });

  it('takes only the named fields', () => {
    expect(textFieldsOf({ name: 'Ada', role: 'admin' } as { name?: string; role?: string }, ['name'])).toEqual({ name: 'Ada' });
  });
});
