import { describe, expect, it } from 'vitest';
import { englishText } from '../i18n/keyed-text';
import { contactListQuery, createContactInput, createLeadInput, updateContactInput } from './schemas';

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), englishText(issue.message)]));

describe('createContactInput', () => {
  it.each([
    ['a name is enough', { name: 'Ada' }, {}],
    ['an email is enough', { email: 'ada@example.com' }, {}],
    ['neither', { company: 'Acme' }, { name: 'Enter a name or an email' }],
    ['blank name and email', { name: '   ', email: '' }, { name: 'Enter a name or an email' }],
    ['a bad email', { name: 'Ada', email: 'ada@' }, { email: 'Enter a valid email address' }],
    ['a bad phone', { name: 'Ada', phone: 'call me' }, { phone: 'Enter a valid phone number' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Name must be at most 100 characters' }],
    ['long notes', { name: 'Ada', notes: 'x'.repeat(5001) }, { notes: 'Notes must be at most 5000 characters' }],
  ])('%s', (_label, input, errors) => {
    expect(fieldErrors(createContactInput.safeParse(input))).toEqual(errors);
  });

  it('fills in what was left out and trims', () => {
    expect(createContactInput.parse({ name: '  Ada  ' })).toEqual({ name: 'Ada', email: '', phone: '', company: '', jobTitle: '', notes: '', cardId: null });
  });
});

describe('createLeadInput', () => {
  it('takes what a visitor sends, with the consent and the honeypot', () => {
    expect(createLeadInput.parse({ email: 'v@example.com', consent: true, consentText: 'I agree' })).toMatchObject({
      name: '',
      email: 'v@example.com',
      consent: true,
      consentText: 'I agree',
      website: '',
    });
  });
  it.each([
    [{}, { name: 'Enter a name or an email' }],
    [{ name: 'V', message: 'x'.repeat(2001) }, { message: 'Message must be at most 2000 characters' }],
  ])('refuses %j', (input, errors) => {
    expect(fieldErrors(createLeadInput.safeParse(input))).toEqual(errors);
  });
});

describe('updateContactInput', () => {
  it('takes any subset; the name-or-email rule is the server’s, against the whole contact', () => {
    expect(updateContactInput.parse({ notes: 'Call back' })).toEqual({ notes: 'Call back' });
    expect(updateContactInput.safeParse({ email: 'nope' }).success).toBe(false);
  });
});

describe('contactListQuery', () => {
  it('reads query strings: defaults, empty values as unset, page size as a number', () => {
    expect(contactListQuery.parse({ search: ' ', kind: '', cardId: '', pageSize: '50' })).toEqual({ sort: 'newest', pageSize: 50 });
    expect(contactListQuery.parse({})).toEqual({ sort: 'newest', pageSize: 25 });
  });
  it.each([{ pageSize: '101' }, { pageSize: '0' }, { pageSize: '2.5' }, { sort: 'random' }, { kind: 'friend' }, { search: 'x'.repeat(101) }])(
    'refuses %j',
    (query) => {
      expect(contactListQuery.safeParse(query).success).toBe(false);
    },
  );
});
