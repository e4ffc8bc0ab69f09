import { describe, expect, it } from 'vitest';
import { chosenOf, defaultWalletSettings, hexToRgbString, passContent, sixDigitHex } from './pass-content';
import { allPassFields } from './schemas';

const emptyCard = { title: '', username: '', name: '', jobTitle: '', companyName: '', phone: '', phones: [], email: '', emails: [], address: '', addresses: [] };
const fullCard = {
  title: 'Work',
  username: 'ada-lovelace',
  name: 'Ada Lovelace',
  jobTitle: 'Analyst',
  companyName: 'Engines Ltd',
  phone: '+44 1',
  phones: ['+44 2'],
  email: 'ada@example.com',
  emails: ['ada.l@example.com'],
  address: 'London',
  addresses: ['Surrey'],
};
const url = 'https://cards.example.com/id/abc/';

describe('pass content', () => {
  it('puts every field of a full card on the pass, the first phone and email in front', () => {
    const content = passContent(fullCard, allPassFields, url);
    expect(content.header).toEqual([{ key: 'company', label: 'Company', value: 'Engines Ltd', labelId: 'company' }]);
    expect(content.primary).toEqual([{ key: 'name', label: 'Name', value: 'Ada Lovelace', labelId: 'name' }]);
    expect(content.secondary).toEqual([{ key: 'jobTitle', label: 'Job title', value: 'Analyst', labelId: 'jobTitle' }]);
    expect(content.auxiliary).toEqual([
      { key: 'phone', label: 'Phone', value: '+44 1', labelId: 'phone' },
      { key: 'email', label: 'Email', value: 'ada@example.com', labelId: 'email' },
    ]);
    expect(content.back.map((field) => [field.key, field.label, field.labelId, field.number])).toEqual([
      ['phone1', 'Phone 1', 'phone', 1],
      ['phone2', 'Phone 2', 'phone', 2],
      ['email1', 'Email 1', 'email', 1],
      ['email2', 'Email 2', 'email', 2],
      ['address1', 'Address 1', 'address', 1],
      ['address2', 'Address 2', 'address', 2],
      ['card', 'Card', 'card', undefined],
    ]);
    expect(content.barcodeUrl).toBe('https://cards.example.com/id/abc/?src=wallet');
    expect(content.details).toEqual([
      { key: 'cardName', label: 'Card name', value: 'Work', labelId: 'cardName' },
      { key: 'username', label: 'Username', value: 'ada-lovelace', labelId: 'username' },
    ]);
  });

  it('leaves empty fields off an empty card and names it plainly', () => {
    const content = passContent(emptyCard, allPassFields, url);
    expect(content.header).toEqual([]);
    expect(content.secondary).toEqual([]);
    expect(content.auxiliary).toEqual([]);
    expect(content.primary).toEqual([{ key: 'name', label: 'Name', value: 'Business card', labelId: 'name' }]);
    expect(content.back).toEqual([{ key: 'card', label: 'Card', value: 'https://cards.example.com/id/abc/?src=wallet', labelId: 'card' }]);
    expect(content.details).toEqual([]);
  });

  it.each([
    [null, ['+44 1', '+44 2']],
    [[], []],
    [['+44 2'], ['+44 2']],
    [['+44 9'], []],
  ])('keeps the chosen values only (choice %j)', (choice, expected) => {
    expect(chosenOf(fullCard.phone, fullCard.phones, choice)).toEqual(expected);
  });

  it('drops repeats and blanks', () => {
    expect(chosenOf(' a ', ['a', '', 'b'], null)).toEqual(['a', 'b']);
  });
});

// The card's hex rule (3, 4, 6 or 8 digits, optional #) in, Apple's rgb() and Google's #rrggbb out.
describe('pass colours', () => {
  it.each([
    ['#fff', 'rgb(255, 255, 255)', '#ffffff'],
    ['000', 'rgb(0, 0, 0)', '#000000'],
    ['#1a2b3c', 'rgb(26, 43, 60)', '#1a2b3c'],
    ['1A2B3C', 'rgb(26, 43, 60)', '#1a2b3c'],
    ['#1a2b3c80', 'rgb(26, 43, 60)', '#1a2b3c'],
    ['#abcd', 'rgb(170, 187, 204)', '#aabbcc'],
  ])('%s is %s for Apple and %s for Google', (hex, rgb, six) => {
    expect(hexToRgbString(hex)).toBe(rgb);
    expect(sixDigitHex(hex)).toBe(six);
  });

  it('starts from the card colours', () => {
    const settings = defaultWalletSettings({ backgroundColor: '#ffffff', foregroundColor: '#111827', labelColor: '#6b7280' });
    expect(settings.apple).toMatchObject({ backgroundColor: '#ffffff', foregroundColor: '#111827', labelColor: '#6b7280', phones: null });
    expect(settings.google).toEqual({ backgroundColor: '#ffffff', phones: null, emails: null, addresses: null });
  });
});
