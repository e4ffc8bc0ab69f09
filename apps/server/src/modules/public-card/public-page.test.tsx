import { describe, expect, it } from 'vitest';
import { defaultLeadConsentText, type Card } from '@cardstack/shared/cards/schemas';
import type { Locale } from '@cardstack/shared/i18n/locales';
import { attachmentDisposition } from '../storage/file-routes';
import { pageTextIn } from './page-language';
import { pageDescription, pageTitle, renderCardPage, renderMessagePage } from './page-render';
import { movedAddressOf, pickEncoding } from './public-card-routes';
import { linkIdOf, webLinkTarget } from './card-links';

const card: Card = {
  id: 'card123',
  username: 'ada',
  ownerId: 'u1',
  teamOwnerId: null,
  title: 'Work',
  name: 'Ada Lovelace',
  companyName: 'Engines Ltd',
  jobTitle: 'Analyst',
  description: 'Poetical science.',
  email: 'ada@example.com',
  phone: '',
  address: '',
  addressLink: '',
  emails: [],
  phones: [],
  addresses: [],
  isDefault: true,
  coverImage: { url: null, alt: '', position: 'object-center' },
  profilePicture: { url: '/files/images/card123/p.webp', alt: '', position: 'object-center' },
  links: [
    { kind: 'website', url: 'https://example.com', label: '' },
    { kind: 'empty', url: 'tel:+15550100', label: 'Call' },
  ],
  downloadableFiles: [{ id: 'f1', name: 'Prices.pdf', url: '/files/files/card123/f1.pdf', size: 2048, contentType: 'application/pdf' }],
  widgets: [{ kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
  theme: { backgroundColor: '#ffffff', foregroundColor: '#111827', labelColor: '#6b7280' },
  leadForm: { isEnabled: true, thankYouMessage: '', consentText: '' },
  pageLanguage: '',
  productId: null,
  productName: null,
  vcfFileName: null,
  vcfLink: null,
  userNameChanged: true,
  version: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const context = { baseUrl: 'https://cards.example.com', scriptPath: '/card-assets/card.abc.js' };
const render = (overrides: Partial<Card> = {}, lead: Parameters<typeof renderCardPage>[1]['lead'] = { kind: 'form' }, locale: Locale = 'en') =>
  renderCardPage(context, { card: { ...card, ...overrides }, lead, linkPath: (index) => (index === 0 ? `/id/card123/l/x${index}` : null), locale });

describe('renderCardPage', () => {
  it('is a complete document with the preview meta, the card, its actions and the lead form', () => {
    const html = render();
    expect(html.startsWith('<!doctype html><html lang="en" dir="ltr"><head><meta charSet="utf-8"/>')).toBe(true);
    expect(html).toContain('<title>Ada Lovelace · Analyst, Engines Ltd</title>');
    expect(html).toContain('<link rel="canonical" href="https://cards.example.com/id/ada/"/>');
    expect(html).toContain('<meta property="og:image" content="https://cards.example.com/files/images/card123/p.webp"/>');
    expect(html).toContain('<link rel="preload" as="image" href="/files/images/card123/p.webp"/>');
    expect(html).toContain('<h1 class="cv-name">Ada Lovelace</h1>');
    expect(html).toContain('href="/id/card123/contact.vcf" download=""');
    expect(html).toContain('<details class="pc-qr">');
    expect(html).toContain('src="/id/card123/qr.svg"');
    expect(html).toContain('loading="lazy"');
    // Web links go through the tracked address, others keep their own; files through the file route.
    expect(html).toContain('href="/id/card123/l/x0"');
    expect(html).toContain('href="tel:+15550100"');
    expect(html).toContain('href="/id/card123/f/f1"');
    expect(html).toContain('<form class="pc-form" data-lead-form="" data-failed="The form could not be sent. Please try again." action="/id/card123/lead" method="post">');
    expect(html).toContain('name="website"');
    expect(html.match(/<script/g)).toEqual(['<script']);
  });

  it('escapes every user text, in the head as in the body', () => {
    const attack = '"><script>window.pwned=1</script><img src=x onerror=alert(1)></title></style>';
    const html = render({ name: attack, jobTitle: attack, companyName: attack, description: attack, username: 'a"b' });
    expect(html).not.toContain('<script>window');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;window.pwned=1&lt;/script&gt;');
    expect(html).toContain('href="https://cards.example.com/id/a%22b/"');
  });

  it('shows the thank-you text in place of the form, and the form with errors and the visitor’s values', () => {
    const sent = render({}, { kind: 'sent', message: 'Thanks <b>!</b>' });
    expect(sent).toContain('<p role="status" class="pc-sent">Thanks &lt;b&gt;!&lt;/b&gt;</p>');
    expect(sent).not.toContain('<form');
    expect(sent).toContain('<meta name="robots" content="noindex"/>');
    const withErrors = render({}, { kind: 'form', values: { email: 'bad"', consent: true }, errors: { email: 'Enter a valid email address', form: 'Check the form.' } });
    expect(withErrors).toContain('value="bad&quot;"');
    expect(withErrors).toContain('aria-invalid="true" aria-describedby="lead-email-error"');
    expect(withErrors).toContain('<span class="pc-err" id="lead-email-error" data-error-for="email">Enter a valid email address</span>');
    expect(withErrors).toContain('<p role="alert" class="pc-err">Check the form.</p>');
    expect(withErrors).toContain('name="consent" checked="" value="yes"');
  });

  it('shows the owner’s consent text beside the box, or the default one', () => {
    expect(render({ leadForm: { isEnabled: true, thankYouMessage: '', consentText: 'You may call me about offers.' } })).toContain(
      '<span>You may call me about offers.</span>',
    );
    expect(render()).toContain(`<span>${defaultLeadConsentText}</span>`);
  });

  it('has no lead form when the owner turned it off', () => {
    expect(render({ leadForm: { isEnabled: false, thankYouMessage: '', consentText: '' } })).not.toContain('<form');
  });

  it('titles and describes a card from what it has', () => {
    expect(pageTitle({ name: '', title: 'Sales', jobTitle: '', companyName: '' })).toBe('Sales');
    expect(pageTitle({ name: '', title: '', jobTitle: 'CEO', companyName: 'Acme' })).toBe('Acme');
    expect(pageDescription({ name: 'A', description: '', jobTitle: 'CEO', companyName: 'Acme' })).toBe('CEO at Acme. Save the contact or get in touch.');
    expect(pageDescription({ name: 'A', description: `${'x'.repeat(300)}`, jobTitle: '', companyName: '' })).toHaveLength(200);
  });
});

describe('the page in the visitor’s language', () => {
  it('speaks German around the card’s own words, which stay as the owner wrote them', () => {
    const html = render({}, { kind: 'form' }, 'de');
    expect(html.startsWith('<!doctype html><html lang="de" dir="ltr">')).toBe(true);
    expect(html).toContain('>Kontakt speichern</a>');
    expect(html).toContain('<h2 class="cv-h" id="lead-title">Hinterlassen Sie Ihre Kontaktdaten</h2>');
    expect(html).toContain('>Nachricht<textarea');
    expect(html).toContain(`<span>${pageTextIn('de')('defaultConsent')}</span>`);
    expect(html).toContain('data-failed="Das Formular konnte nicht gesendet werden. Bitte versuchen Sie es erneut."');
    expect(html).toContain('<p class="cv-desc">Poetical science.</p>');
    expect(html).toContain('title="YouTube-Video"');
  });

  it('runs Arabic right to left', () => {
    const html = render({ widgets: [card.widgets[0]!, card.widgets[0]!] }, { kind: 'form' }, 'ar');
    expect(html.startsWith('<!doctype html><html lang="ar" dir="rtl">')).toBe(true);
    expect(html).toContain('>حفظ جهة الاتصال</a>');
    expect(html).toContain('>مقطعا فيديو</h2>');
    expect(html).toContain('title="فيديو على YouTube رقم 2"');
  });

  it('describes a card in Japanese, company first', () => {
    expect(pageDescription({ name: 'A', description: '', jobTitle: 'CEO', companyName: 'Acme' }, pageTextIn('ja'))).toBe('Acme CEO。連絡先を保存するか、直接ご連絡ください。');
    expect(pageTitle({ name: '', title: '', jobTitle: '', companyName: '' }, pageTextIn('fr'))).toBe('Carte de visite numérique');
  });
});

describe('renderMessagePage', () => {
  it('is a small page with a title and a sentence, escaped', () => {
    const html = renderMessagePage('en', 'Not <found>', 'Nothing & nobody');
    expect(html).toContain('<h1>Not &lt;found&gt;</h1><p>Nothing &amp; nobody</p>');
    expect(html).not.toContain('<script');
  });
});

describe('tracked links', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    // The normalised WHATWG form: the redirect's Location header is always ASCII.
    ['http://example.com', 'http://example.com/'],
    ['https://example.com/łódź/€', 'https://example.com/%C5%82%C3%B3d%C5%BA/%E2%82%AC'],
    ['https://bücher.de/', 'https://xn--bcher-kva.de/'],
    ['mailto:a@example.com', null],
    ['tel:+15550100', null],
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    [' https://example.com/\nx', null],
  ])('%s → %s', (url, expected) => {
    expect(webLinkTarget({ url })).toBe(expected);
  });

  it('gives a link the same short id wherever it sits, and another link another id', () => {
    const a = linkIdOf({ kind: 'website', url: 'https://example.com' });
    expect(a).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(linkIdOf({ kind: 'website', url: 'https://example.com' })).toBe(a);
    expect(linkIdOf({ kind: 'website', url: 'https://example.org' })).not.toBe(a);
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', null],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['brotli', null],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('attachmentDisposition', () => {
  it.each([
    ['Prices.pdf', 'attachment; filename="Prices.pdf"'],
    ['Preisliste für 2025.pdf', `attachment; filename="Preisliste fur 2025.pdf"; filename*=UTF-8''Preisliste%20f%C3%BCr%202025.pdf`],
    ['a"b;c%.pdf', `attachment; filename="a_b_c_.pdf"; filename*=UTF-8''a%22b%3Bc%25.pdf`],
    ['evil\r\nSet-Cookie: x=1.pdf', 'attachment; filename="evilSet-Cookie: x=1.pdf"'],
    ['../../etc/passwd', 'attachment; filename="....etcpasswd"'],
    ['山田.pdf', `attachment; filename="download.pdf"; filename*=UTF-8''%E5%B1%B1%E7%94%B0.pdf`],
    ['', 'attachment; filename="download"'],
  ])('%s', (name, expected) => {
    expect(attachmentDisposition(name)).toBe(expected);
  });
});

describe('movedAddressOf', () => {
  const to = 'https://new.example.com/id/ada/';
  it.each([
    ['/id/abc/', to],
    ['/id/abc/?src=nfc', `${to}?src=nfc`],
    ['/id/abc/contact.vcf', `${to}contact.vcf`],
    ['/id/abc/qr.png?download', `${to}qr.png?download`],
    ['/id/abc/thanks', `${to}thanks`],
    ['/id/abc/l/AbCdEf1234', `${to}l/AbCdEf1234`],
    ['/id/abc/f/0123456789ab', to],
    ['/id/abc/apple-wallet.pkpass', to],
  ])('%s → %s', (url, location) => {
    expect(movedAddressOf(to, url)).toBe(location);
  });
});
