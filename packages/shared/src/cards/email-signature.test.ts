import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { buildEmailSignature, escapeHtml, textDirection, type EmailSignatureData, type EmailSignatureOptions } from './email-signature';

const origin = 'https://cards.example.com';
const full: EmailSignatureData = {
  name: 'Ada Lovelace',
  jobTitle: 'Analyst',
  companyName: 'Engines Ltd',
  phones: ['+44 20 7946 0000', '+44 20 7946 0001'],
  emails: ['ada@example.com'],
  photoUrl: `${origin}/id/card-1/photo.jpg`,
  cardUrl: `${origin}/id/card-1/`,
  qrImageUrl: `${origin}/id/card-1/qr.png`,
  links: [
    { kind: 'linkedin', label: '', url: `${origin}/id/card-1/l/abc123` },
    { kind: 'empty', label: 'My blog', url: `${origin}/id/card-1/l/def456` },
  ],
};
const empty: EmailSignatureData = { name: '', jobTitle: '', companyName: '', phones: [], emails: [], photoUrl: null, cardUrl: `${origin}/id/card-2/`, qrImageUrl: `${origin}/id/card-2/qr.png`, links: [] };
const options: EmailSignatureOptions = {
  includeQr: false,
  words: { cardLink: 'My digital business card', qrAlt: 'QR code of my card' },
  linkLabel: (link) => link.label || { linkedin: 'LinkedIn', website: 'Website' }[link.kind as string] || link.kind,
};

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
  data?: string;
}

/** The elements of the signature as an HTML parser (not our own code) reads them, attributes unescaped. */
function elementsOf(html: string): Node[] {
  const found: Node[] = [];
  const walk = (node: Node) => {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') found.push(node);
    for (const child of node.children ?? []) walk(child);
  };
  walk(parseDocument(html) as unknown as Node);
  return found;
}
const textOf = (node: Node): string => (node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(textOf).join(''));
const textOfHtml = (html: string) => textOf(parseDocument(html) as unknown as Node);
const hrefs = (html: string) => elementsOf(html).filter((node) => node.name === 'a').map((node) => node.attribs!.href!);
const imageSources = (html: string) => elementsOf(html).filter((node) => node.name === 'img').map((node) => node.attribs!.src!);

/** Every rule a signature keeps, whatever the card holds. */
function expectSelfContained(html: string) {
  const elements = elementsOf(html);
  expect(elements[0]?.name, 'one table around everything').toBe('table');
  expect(elements.filter((node) => node.name === 'script' || node.name === 'style')).toEqual([]);
  for (const node of elements) {
    expect(node.name, 'only table markup, links and images').toMatch(/^(table|tr|td|a|img)$/);
    expect(Object.keys(node.attribs ?? {}).filter((name) => name === 'class' || name.startsWith('on'))).toEqual([]);
  }
  for (const href of hrefs(html)) {
    if (/^(tel|mailto):/.test(href)) continue;
    const url = new URL(href);
    expect(url.origin, href).toBe(origin);
    expect(url.searchParams.get('src'), href).toBe('email');
  }
  for (const src of imageSources(html)) expect(new URL(src).origin, src).toBe(origin);
}

describe('the email signature', () => {
  it('of a full card: photo, name, title and company, phones, email, links, the card link; every web link marked src=email', () => {
    const { html, text } = buildEmailSignature(full, options);
    expectSelfContained(html);
    expect(textOfHtml(html)).toContain('Ada Lovelace');
    expect(textOfHtml(html)).toContain('Analyst · Engines Ltd');
    expect(hrefs(html)).toEqual([
      `${origin}/id/card-1/?src=email`,
      'tel:+442079460000',
      'tel:+442079460001',
      'mailto:ada@example.com',
      `${origin}/id/card-1/l/abc123?src=email`,
      `${origin}/id/card-1/l/def456?src=email`,
      `${origin}/id/card-1/?src=email`,
    ]);
    expect(imageSources(html)).toEqual([`${origin}/id/card-1/photo.jpg`]);
    const photo = elementsOf(html).find((node) => node.name === 'img')!;
    expect(photo.attribs).toMatchObject({ alt: 'Ada Lovelace', width: '88', height: '88' });
    expect(textOfHtml(html)).toContain('LinkedIn');
    expect(textOfHtml(html)).toContain('My blog');
    expect(text).toBe(
      [
        'Ada Lovelace',
        'Analyst · Engines Ltd',
        '+44 20 7946 0000',
        '+44 20 7946 0001',
        'ada@example.com',
        `LinkedIn: ${origin}/id/card-1/l/abc123?src=email`,
        `My blog: ${origin}/id/card-1/l/def456?src=email`,
        `My digital business card: ${origin}/id/card-1/?src=email`,
      ].join('\n'),
    );
  });

  it('with the QR code: the PNG of the address marked as an email’s, linked to the card', () => {
    const { html } = buildEmailSignature(full, { ...options, includeQr: true });
    expectSelfContained(html);
    expect(imageSources(html)).toEqual([`${origin}/id/card-1/photo.jpg`, `${origin}/id/card-1/qr.png?src=email`]);
    const qr = elementsOf(html).find((node) => node.name === 'img' && node.attribs!.alt === 'QR code of my card');
    expect(qr).toBeDefined();
    expect(hrefs(html).at(-1)).toBe(`${origin}/id/card-1/?src=email`);
  });

  it.each<[string, Partial<EmailSignatureData>, { present: string[]; absent: string[] }]>([
    ['no photo', { photoUrl: null }, { present: ['Ada Lovelace'], absent: ['photo.jpg'] }],
    ['no job title', { jobTitle: '' }, { present: ['>Engines Ltd<'], absent: ['Analyst', ' · Engines'] }],
    ['no company', { companyName: '' }, { present: ['>Analyst<'], absent: ['Engines'] }],
    ['no phones', { phones: [] }, { present: ['mailto:'], absent: ['tel:'] }],
    ['blank and repeated phones', { phones: [' ', '+44 1', '+44 1 '] }, { present: ['tel:+441'], absent: ['tel:+441"><', 'tel:"'] }],
    ['no email', { emails: [] }, { present: ['tel:'], absent: ['mailto:'] }],
    ['no links', { links: [] }, { present: ['My digital business card'], absent: ['/l/'] }],
    ['a relative photo address', { photoUrl: '/files/images/card-1/a.webp' }, { present: ['Ada Lovelace'], absent: ['<img', 'a.webp'] }],
    ['a link that is not a web address', { links: [{ kind: 'empty', label: 'Run', url: 'javascript:alert(1)' }] }, { present: ['Ada Lovelace'], absent: ['javascript', '>Run<'] }],
  ])('leaves out what is missing: %s', (_case, change, expected) => {
    const { html } = buildEmailSignature({ ...full, ...change }, options);
    expectSelfContained(html);
    for (const part of expected.present) expect(html).toContain(part);
    for (const part of expected.absent) expect(html).not.toContain(part);
  });

  it('of an empty card: only the link to the card, and no empty rows', () => {
    const { html, text } = buildEmailSignature(empty, { ...options, includeQr: true });
    expectSelfContained(html);
    expect(hrefs(html)).toEqual([`${origin}/id/card-2/?src=email`, `${origin}/id/card-2/?src=email`]);
    expect(elementsOf(html).filter((node) => node.name === 'td' && textOf(node) === '' && !(node.children ?? []).some((child) => child.type === 'tag'))).toEqual([]);
    expect(text).toBe(`My digital business card: ${origin}/id/card-2/?src=email`);
  });

  it.each([
    ['<script>alert(1)</script>', 'a script tag'],
    ['"><img src=x onerror=alert(1)>', 'an attribute break-out'],
    ["O'Brien & \"Sons\"", 'quotes and an ampersand'],
    ['</td></tr></table><a href="https://evil.example/">win</a>', 'closing the table'],
  ])('keeps a hostile name as text: %s (%s)', (hostile) => {
    const data = { ...full, name: hostile, jobTitle: hostile, companyName: hostile, links: [{ kind: 'empty' as const, label: hostile, url: `${origin}/id/card-1/l/abc123` }] };
    const { html, text } = buildEmailSignature(data, { ...options, includeQr: true, words: { cardLink: hostile, qrAlt: hostile } });
    expectSelfContained(html);
    expect(textOfHtml(html)).toContain(hostile);
    expect(elementsOf(html).find((node) => node.name === 'img')!.attribs!.alt).toBe(hostile);
    expect(html).not.toContain('<script');
    // Only the photo and the QR code are images: nothing the owner wrote became an element.
    expect(imageSources(html)).toHaveLength(2);
    expect(hrefs(html).every((href) => !href.includes('evil.example'))).toBe(true);
    expect(text.split('\n')[0]).toBe(hostile);
  });

  it('refuses a mailto address that would carry a query or break out, keeping it as text', () => {
    const { html } = buildEmailSignature({ ...full, emails: ['a@b.example?subject=x', 'x"@y.example'] }, options);
    expectSelfContained(html);
    expect(hrefs(html).filter((href) => href.startsWith('mailto:'))).toEqual([]);
    expect(textOfHtml(html)).toContain('a@b.example?subject=x');
  });

  it.each([
    ['Ada Lovelace', 'ltr', 'left'],
    ['نورة الحربي', 'rtl', 'right'],
    ['דנה לוי', 'rtl', 'right'],
    ['  123 نورة', 'rtl', 'right'],
    ['山田 花子', 'ltr', 'left'],
  ])('sets the direction from the name: %s → %s', (name, direction, align) => {
    const { html } = buildEmailSignature({ ...full, name }, options);
    const table = elementsOf(html)[0]!;
    expect(table.attribs!.dir).toBe(direction);
    expect(table.attribs!.style).toContain(`text-align:${align};`);
    expect(textOfHtml(html)).toContain(name.trim());
    expect(textDirection(name)).toBe(direction);
  });

  it('replaces a source marker already on an address instead of adding a second', () => {
    const { html } = buildEmailSignature({ ...full, cardUrl: `${origin}/id/card-1/?src=qr`, links: [] }, options);
    expect(hrefs(html)[0]).toBe(`${origin}/id/card-1/?src=email`);
  });

  it('escapes the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
