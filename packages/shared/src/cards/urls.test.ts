import { describe, expect, it } from 'vitest';
import { englishText } from '../i18n/keyed-text';
import { isWebsiteUrl, normaliseWebsiteUrl, toSafeLinkUrl } from './urls';

const unsafeSchemeMessage = 'Links must start with https://, http://, mailto:, tel: or sms:';

// A website URL: optional http or https prefix, a domain, a top-level domain of at least 2 letters, optional
// path.
describe('website URL rule', () => {
  it.each([
    ['example.com', true],
    ['www.example.com', true],
    ['http://example.com', true],
    ['https://example.com', true],
    ['https://sub.example.co.uk/path/to/page', true],
    ['example.com/path?x=1#top', true],
    ['https://example.com:8443/x', true],
    ['my-site.io', true],
    ['xn--80ak6aa92e.xn--p1ai', true],
    ['bücher.de', true],
    ['https://пример.рф/путь', true],
    ['example', false],
    ['example.c', false],
    ['example.123', false],
    ['ftp://example.com', false],
    ['https://', false],
    ['https://exa mple.com', false],
    ['-example.com', false],
    ['', false],
  ])('%j is a website: %s', (value, expected) => {
    expect(isWebsiteUrl(value)).toBe(expected);
  });

  it.each([
    ['example.com', 'https://example.com/'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.com', 'https://example.com/'],
    ['bücher.de', 'https://xn--bcher-kva.de/'],
    ['https://例え.jp/パス', 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'],
  ])('stores %j as %j', (value, expected) => {
    expect(normaliseWebsiteUrl(value)).toBe(expected);
  });
});

describe('link URL safety', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://example.com', 'http://example.com/'],
    // Stored in the normalised WHATWG form: punycode host, percent-encoded path (a redirect header stays ASCII).
    ['https://example.com/łódź/€', 'https://example.com/%C5%82%C3%B3d%C5%BA/%E2%82%AC'],
    ['https://münchen.de/straße?q=ä', 'https://xn--mnchen-3ya.de/stra%C3%9Fe?q=%C3%A4'],
    ['пример.рф', 'https://xn--e1afmkfd.xn--p1ai/'],
    ['example.com/me', 'https://example.com/me'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['mailto:ada@example.com', 'mailto:ada@example.com'],
    ['mailto:ada@example.com?subject=Hi', 'mailto:ada@example.com?subject=Hi'],
    ['tel:+49301234567', 'tel:+49301234567'],
    ['tel:0301234567', 'tel:0301234567'],
    ['sms:+49301234567?body=Hello', 'sms:+49301234567?body=Hello'],
  ])('accepts %j as %j', (value, expected) => {
    expect(toSafeLinkUrl(value)).toEqual({ ok: true, url: expected });
  });

  it.each([
    ['javascript:alert(1)', unsafeSchemeMessage],
    ['JavaScript:alert(1)', unsafeSchemeMessage],
    ['data:text/html;base64,PHNjcmlwdD4=', unsafeSchemeMessage],
    ['vbscript:msgbox', unsafeSchemeMessage],
    ['ftp://example.com/file', unsafeSchemeMessage],
    ['file:///etc/passwd', unsafeSchemeMessage],
    ['java\tscript:alert(1)', 'Enter a valid link, such as https://example.com'],
    ['https://exa mple.com', 'Enter a valid link, such as https://example.com'],
    ['https://bank.example@evil.example/', 'Enter a valid link, such as https://example.com'],
    ['https://exa_mple.com', 'Enter a valid link, such as https://example.com'],
    ['https:example.com', 'Enter a valid link, such as https://example.com'],
    ['not a link', 'Enter a valid link, such as https://example.com'],
    ['', 'Enter a valid link, such as https://example.com'],
    ['mailto:nobody', 'Enter a valid email address after mailto:'],
    ['tel:call-me', 'Enter a valid phone number after tel:'],
  ])('refuses %j', (value, message) => {
    const checked = toSafeLinkUrl(value);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? null : englishText(checked.message)).toBe(message);
  });

  it('keeps web-only links to http(s)', () => {
    expect(toSafeLinkUrl('mailto:ada@example.com', { webOnly: true }).ok).toBe(false);
    expect(toSafeLinkUrl('maps.example.com/place', { webOnly: true })).toEqual({ ok: true, url: 'https://maps.example.com/place' });
  });
});
