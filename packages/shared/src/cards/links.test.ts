import { describe, expect, it } from 'vitest';
import { keyed } from '../i18n/keyed';
import { englishText } from '../i18n/keyed-text';
import { linkDisplayLabel, linkInput, linkKinds, linkKindSchema, normaliseLinkUrl, type LinkKind } from './links';

const unsafeSchemeMessage = 'Links must start with https://, http://, mailto:, tel: or sms:';
const invalidWebsiteMessage = 'Enter a valid website address, such as example.com';

describe('link kinds', () => {
  it('are the 13 kinds, custom link "empty" included', () => {
    expect(linkKinds).toEqual([
      'website', 'facebook', 'instagram', 'twitter', 'whatsapp', 'linkedin', 'addressUrl',
      'tikTok', 'telegram', 'viberGroup', 'spotify', 'snapchat', 'empty',
    ]);
    expect(linkKindSchema.safeParse('myspace').success).toBe(false);
  });
});

describe('normaliseLinkUrl', () => {
  it.each<[LinkKind, string, string]>([
    ['website', 'example.com', 'https://example.com/'],
    ['website', 'http://example.com/about', 'http://example.com/about'],
    ['facebook', 'facebook.com/ada.lovelace', 'https://facebook.com/ada.lovelace'],
    ['facebook', 'ada.lovelace', 'https://www.facebook.com/ada.lovelace'],
    ['instagram', '@ada_lovelace', 'https://www.instagram.com/ada_lovelace'],
    ['instagram', 'https://instagram.com/ada', 'https://instagram.com/ada'],
    ['twitter', '@ada', 'https://x.com/ada'],
    ['twitter', 'ada', 'https://x.com/ada'],
    ['whatsapp', '+49 170 123-4567', 'https://wa.me/491701234567'],
    ['whatsapp', '0049 170 1234567', 'https://wa.me/491701234567'],
    ['whatsapp', 'wa.me/491701234567', 'https://wa.me/491701234567'],
    ['whatsapp', 'https://chat.whatsapp.com/AbCdEf', 'https://chat.whatsapp.com/AbCdEf'],
    ['linkedin', 'ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['linkedin', 'https://www.linkedin.com/company/acme', 'https://www.linkedin.com/company/acme'],
    ['addressUrl', 'maps.app.goo.gl/abc123', 'https://maps.app.goo.gl/abc123'],
    ['tikTok', '@ada.codes', 'https://www.tiktok.com/@ada.codes'],
    ['telegram', '@ada_lovelace', 'https://t.me/ada_lovelace'],
    ['telegram', 't.me/ada_lovelace', 'https://t.me/ada_lovelace'],
    ['viberGroup', 'https://invite.viber.com/?g2=AQB', 'https://invite.viber.com/?g2=AQB'],
    ['spotify', 'open.spotify.com/artist/1', 'https://open.spotify.com/artist/1'],
    ['snapchat', 'ada_l', 'https://www.snapchat.com/add/ada_l'],
    ['empty', 'mailto:ada@example.com', 'mailto:ada@example.com'],
    ['empty', 'tel:+441234567', 'tel:+441234567'],
    ['empty', 'sms:+441234567', 'sms:+441234567'],
    ['empty', 'example.org/x', 'https://example.org/x'],
  ])('%s %j -> %j', (kind, value, expected) => {
    expect(normaliseLinkUrl(kind, value)).toEqual({ ok: true, url: expected });
  });

  it.each<[LinkKind, string, string]>([
    ['website', 'javascript:alert(1)', invalidWebsiteMessage],
    ['website', 'not a site', invalidWebsiteMessage],
    ['empty', 'javascript:alert(1)', unsafeSchemeMessage],
    ['empty', 'data:text/html,<script>', unsafeSchemeMessage],
    ['facebook', 'javascript:alert(1)', 'Links of this kind must start with https:// or http://'],
    ['whatsapp', 'tel:+491701234567', 'Links of this kind must start with https:// or http://'],
    ['spotify', 'spotify:artist:1', 'Links of this kind must start with https:// or http://'],
    ['telegram', '@abc', 'Enter a valid Telegram name or link'],
    ['instagram', '', 'Enter a link'],
  ])('%s %j is refused: %s', (kind, value, message) => {
    const checked = normaliseLinkUrl(kind, value);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? null : englishText(checked.message)).toBe(message);
  });
});

describe('linkInput', () => {
  it('stores the normalised URL', () => {
    expect(linkInput.parse({ kind: 'twitter', url: '@ada' })).toEqual({ kind: 'twitter', url: 'https://x.com/ada', label: '' });
  });

  it('puts the error under the url field', () => {
    const result = linkInput.safeParse({ kind: 'empty', url: 'javascript:alert(1)', label: 'Click' });
    expect(result.error?.issues).toMatchObject([{ path: ['url'], message: keyed('unsafeLinkScheme') }]);
  });

  it('needs a label for a custom link', () => {
    const result = linkInput.safeParse({ kind: 'empty', url: 'https://example.com', label: '  ' });
    expect(result.error?.issues).toMatchObject([{ path: ['label'], message: keyed('customLinkLabelRequired') }]);
  });

  it('shows the kind when a link has no label of its own', () => {
    expect(linkDisplayLabel({ kind: 'linkedin', url: 'https://x', label: '' })).toBe('LinkedIn');
    expect(linkDisplayLabel({ kind: 'empty', url: 'https://x', label: 'My shop' })).toBe('My shop');
  });
});
