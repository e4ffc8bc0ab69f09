import { describe, expect, it } from 'vitest';
import { englishText } from '../i18n/keyed-text';
import { card, cardListResponse, type Card, createCardInput, defaultCardTheme, defaultLeadFormSettings, updateCardInput } from './schemas';

function fieldErrors(input: unknown): Record<string, string> {
  const result = updateCardInput.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), englishText(issue.message)]));
}

describe('updateCardInput', () => {
  it('accepts a full editor form and normalises what it stores', () => {
    const parsed = updateCardInput.parse({
      title: ' Work ',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0958',
      addressLink: 'maps.app.goo.gl/abc',
      emails: ['ada@work.example'],
      phones: ['020 7946 0000'],
      addresses: ['12 St James’s Square, London'],
      coverImage: { alt: 'Harbour', position: 'object-left-top' },
      profilePicture: { alt: '', position: 'object-center' },
      links: [
        { kind: 'website', url: 'example.com', label: '' },
        { kind: 'empty', url: 'mailto:ada@example.com', label: 'Write to me' },
      ],
      widgets: [{ kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' }],
      theme: { backgroundColor: 'FFF', foregroundColor: '#000000', labelColor: '#33669980' },
      leadForm: { isEnabled: true, thankYouMessage: 'Thanks!' },
      username: 'ada-lovelace',
      // Fields the server owns are ignored, so the form may send the card it loaded.
      id: 'x',
      isDefault: true,
      version: 7,
    });
    expect(parsed).toMatchObject({
      title: 'Work',
      addressLink: 'https://maps.app.goo.gl/abc',
      links: [
        { kind: 'website', url: 'https://example.com/', label: '' },
        { kind: 'empty', url: 'mailto:ada@example.com', label: 'Write to me' },
      ],
      widgets: [{ kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
      theme: { backgroundColor: '#fff', foregroundColor: '#000000', labelColor: '#33669980' },
      username: 'ada-lovelace',
    });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('isDefault');
  });

  it('accepts an empty change', () => {
    expect(updateCardInput.parse({})).toEqual({});
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    [{ phone: 'call me' }, 'phone', 'Enter a valid phone number'],
    [{ emails: ['ok@example.com', 'nope'] }, 'emails.1', 'Enter a valid email address'],
    [{ phones: ['12'] }, 'phones.0', 'Enter a valid phone number'],
    [{ addresses: [''] }, 'addresses.0', 'Enter an address'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    [{ addressLink: 'javascript:alert(1)' }, 'addressLink', 'Links of this kind must start with https:// or http://'],
    [{ coverImage: { alt: '', position: 'middle' } }, 'coverImage.position', 'Choose one of the image positions'],
    [{ links: [{ kind: 'website', url: 'nope', label: '' }] }, 'links.0.url', 'Enter a valid website address, such as example.com'],
    [{ links: [{ kind: 'empty', url: 'https://x.example', label: '' }] }, 'links.0.label', 'Enter a label for the custom link'],
    [{ links: [{ kind: 'fax', url: 'https://x.example' }] }, 'links.0.kind', 'Choose a link type'],
    [
      { widgets: [{ kind: 'youtube', url: 'https://vimeo.com/1' }] },
      'widgets.0.url',
      'Enter a YouTube video link (a watch, embed, youtu.be or shorts link)',
    ],
    [
      { theme: { backgroundColor: '#12', foregroundColor: '#000', labelColor: '#000' } },
      'theme.backgroundColor',
      'Expected a valid hex string',
    ],
    [{ username: 'a b' }, 'username', 'Use only letters, numbers, hyphens and underscores, starting and ending with a letter or number'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
  ])('%o -> error under %s', (input, field, message) => {
    expect(fieldErrors(input)).toEqual({ [field]: message });
  });
});

describe('createCardInput', () => {
  it('accepts nothing at all (everything starts empty) and does not take a username', () => {
    expect(createCardInput.parse({})).toEqual({});
    expect(createCardInput.parse({ title: 'Work', username: 'chosen' })).toEqual({ title: 'Work' });
  });
});

describe('card response', () => {
  const stored: Card = {
    id: 'abc',
    username: 'abc',
    ownerId: 'u1',
    teamOwnerId: null,
    title: 'Work',
    name: '',
    companyName: '',
    jobTitle: '',
    description: '',
    email: '',
    phone: '',
    address: '',
    addressLink: '',
    emails: [],
    phones: [],
    addresses: [],
    isDefault: true,
    coverImage: { url: null, alt: '', position: 'object-center' },
    profilePicture: { url: '/files/images/abc/p.webp', alt: 'Me', position: 'object-top' },
    links: [],
    downloadableFiles: [{ id: 'f1', name: 'Prices.pdf', url: '/files/files/abc/f1.pdf', size: 10, contentType: 'application/pdf' }],
    widgets: [],
    theme: defaultCardTheme,
    leadForm: defaultLeadFormSettings,
    pageLanguage: '',
    productId: null,
    productName: null,
    vcfFileName: null,
    vcfLink: null,
    userNameChanged: false,
    version: 1,
    createdAt: '2024-05-14T00:00:00.000Z',
    updatedAt: '2024-05-14T00:00:00.000Z',
  };

  it('has every field of a stored card and encodes for the wire', () => {
    expect(card.encode(stored)).toEqual(stored);
  });

  it('lists summaries', () => {
    const { cards } = cardListResponse.encode({ cards: [{ ...stored, isBlocked: true }] });
    expect(Object.keys(cards[0]!)).not.toContain('links');
    expect(cards[0]).toMatchObject({ id: 'abc', isDefault: true, title: 'Work', isBlocked: true });
  });
});
