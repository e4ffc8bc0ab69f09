import { describe, expect, it } from 'vitest';
import { phoneKey, sharedIdentity } from './duplicates';

describe('phoneKey', () => {
  it.each([
    ['+49 30 1234567', '301234567'],
    ['030 1234567', '301234567'],
    ['0049 30 1234567', '301234567'],
    ['+1 (415) 555-0132', '4155550132'],
    ['(415) 555-0132', '4155550132'],
    ['+33 6 12 34 56 78', '612345678'],
    ['06 12 34 56 78', '612345678'],
    ['12345', null],
    ['', null],
  ])('%j → %j', (value, key) => {
    expect(phoneKey(value)).toBe(key);
  });
});

describe('sharedIdentity', () => {
  it.each([
    // card, contact, shared
    [{ emails: ['Jane@Acme.example'], phones: [] }, { emails: ['jane@acme.example'], phones: [] }, ['jane@acme.example']],
    [{ emails: ['a@x.example', 'b@x.example'], phones: [] }, { emails: ['b@x.example'], phones: [] }, ['b@x.example']],
    [{ emails: [], phones: ['+493012345678'] }, { emails: [], phones: ['030 12345678'] }, ['3012345678']],
    [{ emails: [], phones: ['+14155550100', '+14155550132'] }, { emails: ['other@x.example'], phones: ['415-555-0132'] }, ['4155550132']],
    [{ emails: ['a@x.example'], phones: ['+14155550100'] }, { emails: ['b@x.example'], phones: ['+14155550199'] }, []],
    [{ emails: [], phones: ['123'] }, { emails: [], phones: ['123'] }, []],
  ])('%j and %j share %j', (card, contact, shared) => {
    expect(sharedIdentity(card, contact)).toEqual(shared);
  });
});
