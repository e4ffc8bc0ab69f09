import { readFileSync, writeFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { VCardInput } from './vcard-writer';
import { buildVCard, foldLine, structuredName, vcardContentDisposition, vcardFileName } from './vcard-writer';

const goldenDir = new URL('./__golden__/', import.meta.url);
const goldenPhoto = readFileSync(new URL('photo.jpg', goldenDir));
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A typical card: everything filled in, several of each, a photo. */
const janeDoe: VCardInput = {
  name: 'Dr. Jane Q. Doe',
  companyName: 'Acme Robotics GmbH',
  jobTitle: 'Head of Sales, EMEA',
  description: 'Helping factories automate since 2009.\nAsk me about our pilot programme; it is free.',
  phones: ['+49 30 1234567', '+1 (555) 010-9999', '+49 30 1234567'],
  emails: ['jane.doe@acme.example', 'sales@acme.example'],
  addresses: [
    { street: 'Friedrichstraße 123', locality: 'Berlin', region: 'Berlin', postalCode: '10117', country: 'Germany' },
    'Unit 4, Harbour Road\nDublin 2; Ireland',
  ],
  links: [
    { kind: 'linkedin', url: 'https://www.linkedin.com/in/jane-doe-acme', label: '' },
    { kind: 'twitter', url: 'https://twitter.com/janedoe' },
    { kind: 'tikTok', url: 'https://www.tiktok.com/@janedoe', label: 'My TikTok' },
    { kind: 'whatsapp', url: 'https://wa.me/493012345678' },
    { kind: 'website', url: 'https://acme.example/' },
    { kind: '', url: 'https://acme.example/pilot?ref=card&utm=a,b', label: 'Pilot programme' },
  ],
  publicUrl: 'https://cards.example.com/id/jane-doe/',
  photoJpeg: goldenPhoto,
};

/** Everything that text escaping and octet folding can get wrong. */
const tricky: VCardInput = {
  name: '山田 太郎 😀, Ph.D.; \\ "Taro"\nSecond line',
  companyName: '株式会社テスト; Research, Development \\ Ops',
  jobTitle: '🚀 Lead 👩‍👩‍👧‍👦 engineer — 東京',
  description:
    'Ünïcödé everywhere: 日本語のテキストはとても長いので、折り返しが必要になります。😀😃😄😁😆😅🤣😂🙂🙃 ' +
    'and a backslash \\ a semicolon ; a comma , and\r\nWindows and\rold Mac line breaks.',
  phones: ['+81 3-1234-5678'],
  emails: ['taro@例え.jp'],
  addresses: ['東京都千代田区丸の内1-1-1\nパレスビル 5階, 〒100-0005'],
  links: [
    { kind: 'telegram', url: 'https://t.me/yamada_taro', label: 'Telegram; private, \\ only' },
    { kind: 'spotify', url: 'https://open.spotify.com/artist/abc' },
    { kind: 'snapchat', url: 'https://www.snapchat.com/add/taro' },
    { kind: 'instagram', url: 'https://www.instagram.com/taro/' },
    { kind: 'facebook', url: 'https://www.facebook.com/taro' },
    { kind: 'viberGroup', url: 'https://invite.viber.com/?g2=AQB' },
    { kind: 'website', url: 'https://例え.jp/パス' },
  ],
  publicUrl: 'https://cards.example.com/id/abc123/',
};

/** Only what is required: proves that nothing empty is emitted. */
const minimal: VCardInput = {
  name: 'Madonna',
  companyName: '',
  jobTitle: null,
  description: '   ',
  phones: ['', '  '],
  emails: [],
  addresses: ['', { street: ' ', locality: null }],
  links: [{ kind: 'website', url: '' }],
  publicUrl: 'https://cards.example.com/id/m/',
};

const goldenCases = [
  ['jane-doe.vcf', janeDoe],
  ['tricky.vcf', tricky],
  ['minimal.vcf', minimal],
] as const;

function physicalLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let index = bytes.indexOf('\r\n'); index !== -1; index = bytes.indexOf('\r\n', start)) {
    lines.push(bytes.subarray(start, index));
    start = index + 2;
  }
  expect(start, 'the file ends with CRLF').toBe(bytes.length);
  return lines;
}

function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n').slice(0, -1);
}

function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text));
}

function values(card: ICAL.Component, name: string): unknown[] {
  return card.getAllProperties(name).map((property) => property.getFirstValue());
}

/**
 * ical.js applies vCard 4.0's text rules to 3.0 as well (kewisch/ical.js#173): outside structured values it
 * leaves `\;` escaped. RFC 2426, iOS and Android unescape it (and OS X Address Book rejects a bare `;` in some
 * folded notes, owncloud-archive/apps#673), so we keep escaping it and finish the job here. Every `;` in
 * ical.js's output then still carries exactly the one backslash of its escape.
 */
function rfc2426Text(value: unknown): string {
  return String(value).replace(/\\;/g, ';');
}

/** ical.js does not know X-ABLabel and hands it back still escaped. */
function unescapeText(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, char: string) => (char.toLowerCase() === 'n' ? '\n' : char));
}

function labelledUrls(card: ICAL.Component): Record<string, string> {
  const result: Record<string, string> = {};
  for (const label of card.getAllProperties('x-ablabel')) {
    const group = label.getParameter('group');
    const url = card.getAllProperties('url').find((property) => property.getParameter('group') === group);
    result[String(url?.getFirstValue())] = unescapeText(String(label.getFirstValue()));
  }
  return result;
}

describe('buildVCard golden files', () => {
  it.each(goldenCases)('%s matches byte for byte', (fileName, input) => {
    const actual = Buffer.from(buildVCard(input), 'utf8');
    const goldenUrl = new URL(fileName, goldenDir);
    // Regenerate deliberately with UPDATE_GOLDEN=1 and review the diff; a missing file is a failure.
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(goldenUrl, actual);
    const expected = readFileSync(goldenUrl);
    expect(actual.toString('utf8')).toBe(expected.toString('utf8'));
    expect(actual.equals(expected)).toBe(true);
  });
});

describe('buildVCard output format', () => {
  it.each(goldenCases)('%s: CRLF only, lines of at most 75 octets, valid UTF-8, no empty property', (_, input) => {
    const text = buildVCard(input);
    const bytes = Buffer.from(text, 'utf8');
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    expect(text).not.toContain('\uFFFD');
    for (const line of physicalLines(bytes)) {
      expect(line.length).toBeLessThanOrEqual(75);
      // Each physical line on its own is valid UTF-8: no fold fell inside a multi-byte sequence.
      expect(() => utf8.decode(line)).not.toThrow();
    }
    const logical = unfold(utf8.decode(bytes));
    expect(logical[0]).toBe('BEGIN:VCARD');
    expect(logical[1]).toBe('VERSION:3.0');
    expect(logical.at(-1)).toBe('END:VCARD');
    for (const line of logical) {
      expect(line).toMatch(/^[A-Za-z0-9.-]+(;[^:]*)?:/);
      expect(line, 'no empty property').not.toMatch(/^[^:]*:[;]*$/);
    }
    expect(logical.filter((line) => line.startsWith('N:'))).toHaveLength(1);
    expect(logical.filter((line) => line.startsWith('FN:'))).toHaveLength(1);
    expect(text).not.toMatch(/CHARSET|QUOTED-PRINTABLE/i);
  });

  it('emits nothing but the required properties and the public URL for a bare card', () => {
    expect(unfold(buildVCard(minimal))).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:;Madonna;;;',
      'FN:Madonna',
      'URL:https://cards.example.com/id/m/',
      'END:VCARD',
    ]);
  });

  it.each([
    ['comma', 'a,b', 'a\\,b'],
    ['semicolon', 'a;b', 'a\\;b'],
    ['backslash', 'a\\b', 'a\\\\b'],
    ['LF', 'a\nb', 'a\\nb'],
    ['CRLF', 'a\r\nb', 'a\\nb'],
    ['CR', 'a\rb', 'a\\nb'],
    ['a literal backslash-n', 'a\\nb', 'a\\\\nb'],
    ['control characters', 'a\u0000\u0007b', 'ab'],
  ])('escapes a %s in text values', (_, description, expected) => {
    expect(unfold(buildVCard({ name: 'X', description }))).toContain(`NOTE:${expected}`);
  });

  it('cannot be made to start a second card or property from any field', () => {
    const injection = 'Eve\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Mallory';
    const text = buildVCard({
      name: injection,
      companyName: injection,
      jobTitle: injection,
      description: injection,
      phones: [injection],
      emails: [injection],
      addresses: [injection, { street: injection, country: injection }],
      links: [{ kind: 'linkedin', url: 'https://example.com/\r\nEND:VCARD', label: injection }],
      publicUrl: 'https://example.com/\nBEGIN:VCARD',
    });
    const logical = unfold(text);
    expect(logical.filter((line) => line === 'BEGIN:VCARD')).toHaveLength(1);
    expect(logical.filter((line) => line === 'END:VCARD')).toHaveLength(1);
    expect(logical.filter((line) => line.startsWith('FN'))).toHaveLength(1);
    expect(rfc2426Text(parse(text).getFirstPropertyValue('fn'))).toBe('Eve\nEND:VCARD\nBEGIN:VCARD\nFN:Mallory');
  });

  it('leaves out links whose scheme a contact should never open and keeps mailto, tel and sms', () => {
    const text = buildVCard({
      name: 'X',
      links: [
        { kind: '', url: 'javascript:alert(1)' },
        { kind: '', url: 'data:text/html,<script>alert(1)</script>' },
        { kind: 'linkedin', url: 'not a url' },
        { kind: '', url: 'mailto:x@example.com' },
        { kind: '', url: 'tel:+15550100' },
        { kind: '', url: 'sms:+15550100' },
      ],
    });
    expect(values(parse(text), 'url')).toEqual(['mailto:x@example.com', 'tel:+15550100', 'sms:+15550100']);
    expect(text).not.toMatch(/javascript|data:|X-SOCIALPROFILE/);
  });

  it('marks the first of several phones and emails as preferred, and a single one not at all', () => {
    const several = unfold(buildVCard({ name: 'X', phones: ['1', '2'], emails: ['a@x.example', 'b@x.example'] }));
    expect(several).toEqual(
      expect.arrayContaining([
        'TEL;TYPE=CELL,VOICE,PREF:1',
        'TEL;TYPE=CELL,VOICE:2',
        'EMAIL;TYPE=INTERNET,WORK,PREF:a@x.example',
        'EMAIL;TYPE=INTERNET,WORK:b@x.example',
      ]),
    );
    const single = unfold(buildVCard({ name: 'X', phones: ['1'], emails: ['a@x.example'] }));
    expect(single).toEqual(expect.arrayContaining(['TEL;TYPE=CELL,VOICE:1', 'EMAIL;TYPE=INTERNET,WORK:a@x.example']));
  });

  it('falls back to the company, then the email, then "Contact" for FN', () => {
    expect(parse(buildVCard({ name: ' ', companyName: 'Acme' })).getFirstPropertyValue('fn')).toBe('Acme');
    expect(parse(buildVCard({ name: '', emails: ['a@x.example'] })).getFirstPropertyValue('fn')).toBe('a@x.example');
    expect(parse(buildVCard({ name: '' })).getFirstPropertyValue('fn')).toBe('Contact');
  });

  it('refuses a photo that is not a JPEG', () => {
    const pngSignature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(() => buildVCard({ name: 'X', photoJpeg: pngSignature })).toThrow(TypeError);
  });

  it.each([1, 2, 3, 4, 5, 6, 255, 256, 257])('writes a photo of %i bytes as standard padded base64', (length) => {
    const photo = new Uint8Array(length).map((_, index) => (index * 89 + 7) % 256);
    photo.set([0xff, 0xd8, 0xff].slice(0, length));
    if (length < 4) {
      expect(() => buildVCard({ name: 'X', photoJpeg: photo })).toThrow(TypeError);
      return;
    }
    const line = unfold(buildVCard({ name: 'X', photoJpeg: photo })).find((property) => property.startsWith('PHOTO'));
    expect(line).toBe(`PHOTO;ENCODING=b;TYPE=JPEG:${Buffer.from(photo).toString('base64')}`);
  });

  it('takes plain bytes and a Node Buffer alike', () => {
    const bytes = new Uint8Array(goldenPhoto.buffer, goldenPhoto.byteOffset, goldenPhoto.byteLength).slice();
    expect(buildVCard({ ...janeDoe, photoJpeg: bytes })).toBe(buildVCard(janeDoe));
  });
});

describe('foldLine', () => {
  // Shifting the start by 0–4 octets puts a fold boundary at every position inside 2-, 3- and 4-octet characters.
  const bodies = ['é'.repeat(80), '日本語'.repeat(30), '😀'.repeat(40), '👩‍👩‍👧‍👦'.repeat(10), 'aé日😀'.repeat(20)];
  const cases = bodies.flatMap((body) => [0, 1, 2, 3, 4].map((shift) => [shift, body] as const));

  it.each(cases)('never splits a character (shift %i, %s)', (shift, body) => {
    const line = `NOTE:${'x'.repeat(shift)}${body}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const [index, part] of physical.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      expect(part).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(utf8.decode(Buffer.from(folded, 'utf8'))).toBe(folded);
  });

  it('fills lines to exactly 75 octets when it can', () => {
    const physical = foldLine(`NOTE:${'a'.repeat(200)}`).split('\r\n');
    expect(physical.map((part) => part.length)).toEqual([75, 75, 57]);
  });

  it('does not split a backslash escape', () => {
    for (let shift = 0; shift < 3; shift += 1) {
      const physical = foldLine(`NOTE:${'a'.repeat(68 + shift)}${'\\n'.repeat(10)}`).split('\r\n');
      for (const part of physical) expect(part.replace(/\\[\\n]/g, '')).not.toContain('\\');
    }
  });
});

describe('buildVCard round trip through ical.js (an independent parser)', () => {
  it('reads every field of a full card back', () => {
    const card = parse(buildVCard(janeDoe));
    expect(card.name).toBe('vcard');
    expect(card.getFirstPropertyValue('version')).toBe('3.0');
    expect(card.getFirstPropertyValue('fn')).toBe('Dr. Jane Q. Doe');
    expect(card.getFirstPropertyValue('n')).toEqual(['Doe', 'Jane', 'Q.', 'Dr.', '']);
    expect(card.getFirstPropertyValue('org')).toBe('Acme Robotics GmbH');
    expect(card.getFirstPropertyValue('title')).toBe('Head of Sales, EMEA');
    expect(rfc2426Text(card.getFirstPropertyValue('note'))).toBe(janeDoe.description);
    expect(values(card, 'tel')).toEqual(['+49 30 1234567', '+1 (555) 010-9999']);
    expect(card.getAllProperties('tel').map((tel) => tel.getParameter('type'))).toEqual([
      ['CELL', 'VOICE', 'PREF'],
      ['CELL', 'VOICE'],
    ]);
    expect(values(card, 'email')).toEqual(['jane.doe@acme.example', 'sales@acme.example']);
    expect(values(card, 'adr')).toEqual([
      ['', '', 'Friedrichstraße 123', 'Berlin', 'Berlin', '10117', 'Germany'],
      ['', '', 'Unit 4, Harbour Road\nDublin 2; Ireland', '', '', '', ''],
    ]);
    expect(card.getAllProperties('adr').map((adr) => adr.getParameter('type'))).toEqual(['WORK', 'WORK']);
    expect(values(card, 'url')).toEqual([
      'https://cards.example.com/id/jane-doe/',
      'https://www.linkedin.com/in/jane-doe-acme',
      'https://twitter.com/janedoe',
      'https://www.tiktok.com/@janedoe',
      'https://wa.me/493012345678',
      'https://acme.example/',
      'https://acme.example/pilot?ref=card&utm=a,b',
    ]);
    expect(labelledUrls(card)).toEqual({
      'https://www.linkedin.com/in/jane-doe-acme': 'LinkedIn',
      'https://twitter.com/janedoe': 'Twitter',
      'https://www.tiktok.com/@janedoe': 'My TikTok',
      'https://wa.me/493012345678': 'WhatsApp',
      'https://acme.example/pilot?ref=card&utm=a,b': 'Pilot programme',
    });
    expect(
      card.getAllProperties('x-socialprofile').map((profile) => [profile.getParameter('type'), profile.getFirstValue()]),
    ).toEqual([
      ['linkedin', 'https://www.linkedin.com/in/jane-doe-acme'],
      ['twitter', 'https://twitter.com/janedoe'],
      ['tiktok', 'https://www.tiktok.com/@janedoe'],
      ['whatsapp', 'https://wa.me/493012345678'],
    ]);

    const photo = card.getFirstProperty('photo');
    expect(photo?.getParameter('encoding')).toBe('b');
    expect(photo?.getParameter('type')).toBe('JPEG');
    const decoded = (photo?.getFirstValue() as ICAL.Binary).decodeValue();
    const jpeg = Buffer.from(decoded, 'latin1');
    expect(jpeg.equals(goldenPhoto)).toBe(true);
  });

  it('keeps commas, semicolons, backslashes, line breaks, emoji and CJK text intact', () => {
    const card = parse(buildVCard(tricky));
    expect(rfc2426Text(card.getFirstPropertyValue('fn'))).toBe('山田 太郎 😀, Ph.D.; \\ "Taro"\nSecond line');
    expect(card.getFirstPropertyValue('n')).toEqual(['山田', '太郎 😀', '', '', 'Ph.D.; \\ "Taro"\nSecond line']);
    expect(card.getFirstPropertyValue('org')).toBe('株式会社テスト; Research, Development \\ Ops');
    expect(rfc2426Text(card.getFirstPropertyValue('title'))).toBe('🚀 Lead 👩‍👩‍👧‍👦 engineer — 東京');
    expect(rfc2426Text(card.getFirstPropertyValue('note'))).toBe(
      'Ünïcödé everywhere: 日本語のテキストはとても長いので、折り返しが必要になります。😀😃😄😁😆😅🤣😂🙂🙃 ' +
        'and a backslash \\ a semicolon ; a comma , and\nWindows and\nold Mac line breaks.',
    );
    expect(values(card, 'tel')).toEqual(['+81 3-1234-5678']);
    expect(values(card, 'email')).toEqual(['taro@例え.jp']);
    expect(values(card, 'adr')).toEqual([['', '', '東京都千代田区丸の内1-1-1\nパレスビル 5階, 〒100-0005', '', '', '', '']]);
    expect(values(card, 'url')).toEqual([
      'https://cards.example.com/id/abc123/',
      'https://t.me/yamada_taro',
      'https://open.spotify.com/artist/abc',
      'https://www.snapchat.com/add/taro',
      'https://www.instagram.com/taro/',
      'https://www.facebook.com/taro',
      'https://invite.viber.com/?g2=AQB',
      // URLs are written in their serialised (punycode, percent-encoded) form.
      'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9',
    ]);
    expect(labelledUrls(card)['https://t.me/yamada_taro']).toBe('Telegram; private, \\ only');
    expect(card.getAllProperties('x-socialprofile').map((profile) => profile.getParameter('type'))).toEqual([
      'telegram',
      'spotify',
      'snapchat',
      'instagram',
      'facebook',
      'viber',
    ]);
    expect(card.getFirstProperty('photo')).toBeNull();
  });
});

describe('structuredName', () => {
  it.each([
    ['Jane Doe', ['Doe', 'Jane', '', '', '']],
    ['Jane Mary Doe', ['Doe', 'Jane', 'Mary', '', '']],
    ['  Jane   Doe  ', ['Doe', 'Jane', '', '', '']],
    ['Madonna', ['', 'Madonna', '', '', '']],
    ['Dr. Jane Doe', ['Doe', 'Jane', '', 'Dr.', '']],
    ['Prof Dr Jane Doe', ['Doe', 'Jane', '', 'Prof Dr', '']],
    ['Dr.', ['', 'Dr.', '', '', '']],
    ['Jane Doe, PhD', ['Doe', 'Jane', '', '', 'PhD']],
    ['Anna van der Berg', ['Berg', 'Anna', 'van der', '', '']],
    ['山田 太郎', ['山田', '太郎', '', '', '']],
    ['山田太郎', ['山田太郎', '', '', '', '']],
    ['김 민수', ['김', '민수', '', '', '']],
    [', Jr.', ['', ', Jr.', '', '', '']],
  ])('%j', (name, expected) => {
    expect(structuredName(name)).toEqual(expected);
  });
});

describe('vCard file names', () => {
  it.each([
    ['Jane Doe', 'Jane-Doe.vcf'],
    ['  Jane   Doe  ', 'Jane-Doe.vcf'],
    ['Jörg Müller-Lüdenscheidt', 'Jorg-Muller-Ludenscheidt.vcf'],
    ['Jane Doe, PhD', 'Jane-Doe-PhD.vcf'],
    ['../../etc/passwd', 'etc-passwd.vcf'],
    ['a"b\r\nc;d', 'a-b-c-d.vcf'],
    ['山田太郎', 'contact.vcf'],
    ['😀', 'contact.vcf'],
    ['', 'contact.vcf'],
    ['x'.repeat(200), `${'x'.repeat(64)}.vcf`],
  ])('%j → %s', (name, expected) => {
    expect(vcardFileName(name)).toBe(expected);
  });

  it.each([
    ['Jane Doe', 'attachment; filename="Jane-Doe.vcf"'],
    ['', 'attachment; filename="contact.vcf"'],
    ['😀', 'attachment; filename="contact.vcf"'],
    ['Jörg Müller', `attachment; filename="Jorg-Muller.vcf"; filename*=UTF-8''J%C3%B6rg-M%C3%BCller.vcf`],
    ['山田 太郎', `attachment; filename="contact.vcf"; filename*=UTF-8''%E5%B1%B1%E7%94%B0-%E5%A4%AA%E9%83%8E.vcf`],
    ["O'Brien (Sales)*", 'attachment; filename="O-Brien-Sales.vcf"'],
  ])('Content-Disposition for %j', (name, expected) => {
    const header = vcardContentDisposition(name);
    expect(header).toBe(expected);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });
});
