import { describe, expect, it } from 'vitest';
import { appleDeviceLibraryId, applePushToken } from './schemas';

const hex = (length: number, digit = 'a') => digit.repeat(length);

describe('the APNs push token a device registers', () => {
  it.each([
    ['32 bytes, lower case', hex(64), true],
    ['32 bytes, upper case', hex(64, 'F'), true],
    ['mixed case and digits', '0123456789abcdefABCDEF'.repeat(3).slice(0, 64), true],
    ['longer, as Apple says tokens may grow', hex(100), true],
    ['the longest accepted', hex(200), true],
    ['one character short of 32 bytes', hex(63), false],
    ['a short hexadecimal string', 'ab12', false],
    ['one character too long', hex(201), false],
    ['not hexadecimal', `${hex(63)}g`, false],
    ['with spaces', `${hex(32)} ${hex(32)}`, false],
    ['empty', '', false],
  ])('%s: accepted %s', (_name, token, accepted) => {
    expect(applePushToken.safeParse(token).success).toBe(accepted);
  });
});

describe('the device library identifier', () => {
  it.each([
    ['32 hexadecimal characters (what devices send)', 'a1b2c3d4e5f60718293a4b5c6d7e8f90', true],
    ['a UUID', '2f1a0c7e-4b5d-4e8f-9a0b-1c2d3e4f5a6b', true],
    ['letters, dots and underscores', 'device_library.1', true],
    ['the longest accepted', hex(100), true],
    ['one character too long', hex(101), false],
    ['empty', '', false],
    ['with a space', 'device 1', false],
    ['with markup', '<script>', false],
  ])('%s: accepted %s', (_name, id, accepted) => {
    expect(appleDeviceLibraryId.safeParse(id).success).toBe(accepted);
  });
});
