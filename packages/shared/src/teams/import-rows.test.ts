import { describe, expect, it } from 'vitest';
import { englishText } from '../i18n/keyed-text';
import { isBlankRecord, mapImportHeader, recordFromCells, validateImportRow } from './import-rows';

describe('mapImportHeader', () => {
  it('matches headers in any order and case', () => {
    const { indexes, missing } = mapImportHeader(['  NAME', 'email ', 'Job Title', 'Unknown']);
    expect(indexes).toEqual({ name: 0, email: 1, jobTitle: 2 });
    expect(missing).toEqual([]);
  });

  it.each([
    [['Name'], ['Email']],
    [['Role', 'Phone'], ['Email', 'Name']],
  ])('names the missing required columns of %j', (headers, expected) => {
    expect(mapImportHeader(headers).missing).toEqual(expected);
  });

  it('reads cells through the mapping, trimmed; a blank row is recognised', () => {
    const { indexes } = mapImportHeader(['Email', 'Name']);
    expect(recordFromCells([' a@example.com ', ' Ada '], indexes)).toEqual({ email: 'a@example.com', name: 'Ada' });
    expect(isBlankRecord(recordFromCells(['', '  '], indexes))).toBe(true);
  });
});

describe('validateImportRow', () => {
  it('accepts a full row, lower-cases the email and defaults the role to employee', () => {
    const result = validateImportRow({ email: 'Ada@Example.com', name: 'Ada', jobTitle: 'Analyst', phone: '+44 20 7946 0000' }, englishText);
    expect(result).toEqual({
      ok: true,
      value: {
        email: 'ada@example.com',
        name: 'Ada',
        role: 'employee',
        card: { title: '', jobTitle: 'Analyst', companyName: '', phone: '+44 20 7946 0000', address: '', description: '' },
      },
    });
  });

  it('accepts Admin in any case', () => {
    expect(validateImportRow({ email: 'a@example.com', name: 'A', role: ' Admin ' }, englishText)).toMatchObject({ ok: true, value: { role: 'admin' } });
  });

  it.each([
    ['no email', { name: 'Ada' }, 'Email: Email is required'],
    ['a bad email', { email: 'not-an-email', name: 'Ada' }, 'Email: Enter a valid email address'],
    ['no name', { email: 'a@example.com' }, 'Name: Name is required'],
    ['an unknown role', { email: 'a@example.com', name: 'Ada', role: 'boss' }, 'Role: Role must be admin or employee'],
    ['a bad phone', { email: 'a@example.com', name: 'Ada', phone: 'call me' }, 'Phone: Enter a valid phone number'],
    ['a too long job title', { email: 'a@example.com', name: 'Ada', jobTitle: 'x'.repeat(101) }, 'Job title: Job title must be at most 100 characters'],
  ])('rejects %s with a reason naming the column', (_case, record, reason) => {
    expect(validateImportRow(record, englishText)).toEqual({ ok: false, reason });
  });

  it('lists every problem of a row', () => {
    const result = validateImportRow({ email: 'bad', name: '' }, englishText);
    expect(result).toEqual({ ok: false, reason: 'Email: Enter a valid email address; Name: Name is required' });
  });
});
