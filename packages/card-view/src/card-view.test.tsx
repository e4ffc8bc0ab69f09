import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { linkKinds } from '@cardstack/shared/cards/links';
import { CardView, cardViewCss, type CardViewData } from './card-view';

function cardOf(overrides: Partial<CardViewData> = {}): CardViewData {
  return {
    name: 'Ada Lovelace',
    jobTitle: 'Analyst',
    companyName: 'Engines Ltd',
    description: 'Poetical science.',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    address: '12 St James’s Square, London',
    addressLink: '',
    emails: [],
    phones: [],
    addresses: [],
    coverImage: { url: '/files/images/card1/cover.webp', alt: 'Harbour at dawn', position: 'object-left-top' },
    profilePicture: { url: '/files/images/card1/profile.webp', alt: '', position: 'object-right-bottom' },
    links: [],
    downloadableFiles: [],
    widgets: [],
    theme: { backgroundColor: '#ffffff', foregroundColor: '#111827', labelColor: '#6b7280' },
    ...overrides,
  };
}

const render = (card: CardViewData, mode?: 'preview' | 'public') => renderToStaticMarkup(<CardView card={card} mode={mode} />);

/** The addresses of the links (React also emits image preload hints, which are not links). */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]!);
}

describe('CardView', () => {
  it('renders the person, the contact actions and the image position classes', () => {
    const html = render(cardOf());
    expect(html).toContain('<h1 class="cv-name">Ada Lovelace</h1>');
    expect(html).toContain('<p class="cv-job">Analyst</p>');
    expect(html).toContain('<p class="cv-org">Engines Ltd</p>');
    expect(html).toMatch(/<img class="object-left-top" src="\/files\/images\/card1\/cover.webp" alt="Harbour at dawn"/);
    expect(html).toMatch(/<img class="cv-avatar object-right-bottom" src="\/files\/images\/card1\/profile.webp" alt="Ada Lovelace"/);
    expect(hrefs(html)).toEqual([
      'tel:+442079460958',
      'mailto:ada@example.com',
      'https://www.google.com/maps/search/?api=1&amp;query=12%20St%20James%E2%80%99s%20Square%2C%20London',
    ]);
    expect(html).not.toContain('<script');
  });

  it('uses the address link for the main address and a maps search for the others', () => {
    const html = render(cardOf({ addressLink: 'https://maps.app.goo.gl/abc', addresses: ['Paris'] }));
    expect(hrefs(html)).toContain('https://maps.app.goo.gl/abc');
    expect(hrefs(html)).toContain('https://www.google.com/maps/search/?api=1&amp;query=Paris');
  });

  it('escapes every text a person typed', () => {
    const html = render(
      cardOf({
        name: '<script>alert(1)</script>',
        description: '<img src=x onerror=alert(1)>',
        links: [{ kind: 'empty', url: 'https://example.com', label: '"><b>bold</b>' }],
        coverImage: { url: '/files/a.webp', alt: '" onload="alert(1)', position: 'object-center' },
      }),
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('alt="&quot; onload=&quot;alert(1)"');
    expect(html).not.toMatch(/<script|<b>|<img src=x/);
  });

  it('never renders an unsafe href, image or iframe address', () => {
    const html = render(
      cardOf({
        addressLink: 'javascript:alert(1)',
        links: [
          { kind: 'empty', url: 'javascript:alert(1)', label: 'Script' },
          { kind: 'website', url: 'data:text/html,<script>alert(1)</script>', label: '' },
          { kind: 'facebook', url: ' JavaScript:alert(1)', label: '' },
        ],
        downloadableFiles: [{ id: 'f1', name: 'evil.pdf', url: '//evil.example/x.pdf', size: 10, contentType: 'application/pdf' }],
        widgets: [{ kind: 'youtube', url: 'https://evil.example/embed/dQw4w9WgXcQ' }],
        coverImage: { url: 'javascript:alert(1)', alt: '', position: 'object-center' },
        profilePicture: { url: 'data:image/svg+xml,<svg onload=alert(1)>', alt: '', position: 'object-center' },
      }),
    );
    expect(html.toLowerCase()).not.toMatch(/javascript:|data:|evil\.example/);
    // The unsafe entries still show their label, just not as a link.
    expect(html).toContain('<span class="cv-a"><svg');
    expect(html).toContain('Script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<iframe');
    for (const href of hrefs(html)) expect(href).toMatch(/^(https:|tel:|mailto:|\/[^/])/);
  });

  it('renders every link kind with its own icon, downloadable files and the YouTube widget', () => {
    const links = linkKinds.map((kind) => ({ kind, url: `https://example.com/${kind}`, label: kind === 'empty' ? 'My blog' : '' }));
    const html = render(
      cardOf({
        links,
        downloadableFiles: [{ id: 'f1', name: 'Brochure.pdf', url: '/files/files/card1/f1.pdf', size: 2_500_000, contentType: 'application/pdf' }],
        widgets: [{ kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
      }),
      'preview',
    );
    for (const kind of linkKinds) expect(html).toContain(`href="https://example.com/${kind}" target="_blank" rel="noopener noreferrer"`);
    expect(html).toContain('X (Twitter)');
    expect(html).toContain('My blog');
    const icons = new Set([...html.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]));
    expect(icons.size).toBeGreaterThanOrEqual(linkKinds.length + 3);
    expect(html).toContain('<a class="cv-a" href="/files/files/card1/f1.pdf" download="">');
    expect(html).toContain('2.4 MB');
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    // In the editor the name is not the page's main heading.
    expect(html).toContain('<h2 class="cv-name">Ada Lovelace</h2>');
  });

  it('applies valid theme colours and falls back for invalid ones', () => {
    const html = render(cardOf({ theme: { backgroundColor: 'ABC', foregroundColor: 'red;background:url(x)', labelColor: '#12345678' } }));
    expect(html).toContain('style="--cv-bg:#abc;--cv-fg:#111827;--cv-label:#12345678"');
  });

  it('shows a placeholder name and initials in the preview of an empty card', () => {
    const html = render(cardOf({ name: '', profilePicture: { url: null, alt: '', position: 'object-center' } }), 'preview');
    expect(html).toContain('Your name');
    expect(render(cardOf({ profilePicture: { url: null, alt: '', position: 'object-center' } }))).toContain('aria-hidden="true">AL</span>');
  });

  it('renders the public-page slots', () => {
    const html = renderToStaticMarkup(<CardView card={cardOf()} actions={<a href="/save">Save contact</a>} footer={<form>lead</form>} />);
    expect(html).toContain('<a href="/save">Save contact</a>');
    expect(html).toContain('<form>lead</form>');
  });

  it('stays small: a full card with its CSS is far below the 14 KB compressed budget', () => {
    const links = linkKinds.map((kind) => ({ kind, url: `https://example.com/${kind}`, label: '' }));
    const html = render(cardOf({ links, widgets: [{ kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' }] }));
    const compressed = gzipSync(`<style>${cardViewCss}</style>${html}`).length;
    expect(compressed).toBeLessThan(5 * 1024);
  });
});
