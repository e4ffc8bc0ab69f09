import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './contact-cursor';

describe('contact cursor', () => {
  it('round-trips, including unicode sort names', () => {
    const cursor = { sort: 'name' as const, value: 'zoë 李', id: 'abc' };
    expect(decodeCursor(encodeCursor(cursor), 'name')).toEqual(cursor);
  });
  it.each([
    ['another sort', encodeCursor({ sort: 'newest', value: '2024-01-01T00:00:00.000Z', id: 'x' }), 'oldest'],
    ['not base64 JSON', '!!!', 'newest'],
    ['JSON of the wrong shape', Buffer.from('{"a":1}').toString('base64url'), 'newest'],
    ['wrong types', Buffer.from('["newest",1,2]').toString('base64url'), 'newest'],
  ] as const)('refuses %s', (_label, text, sort) => {
    expect(decodeCursor(text, sort)).toBeNull();
  });
});
