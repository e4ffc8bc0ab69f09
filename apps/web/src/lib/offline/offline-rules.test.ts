import { describe, expect, it } from 'vitest';
import { isAppNavigation, isQrCode, isRememberedApiRead } from './offline-rules';

describe('the service worker’s rules', () => {
  it('answers the app’s own screens with the cached shell, never the server’s pages', () => {
    for (const path of ['/', '/login', '/customize', '/customize/edit/abc/links', '/contacts', '/settings/general', '/subscription']) {
      expect(isAppNavigation(path), path).toBe(true);
    }
    for (const path of [
      '/id/abc/',
      '/id/abc',
      '/api/cards',
      '/oauth',
      '/oauth/consent',
      '/files/images/a.webp',
      '/admin',
      '/admin/users',
      '/billing/local-checkout/s1',
      '/assets/index-abc.js',
      '/api-reference/start.js',
      '/manifest.webmanifest',
      '/sw.js',
    ]) {
      expect(isAppNavigation(path), path).toBe(false);
    }
  });

  it('remembers the session, the card list and each card, and each card’s QR code', () => {
    for (const path of ['/api/session', '/api/cards', '/api/cards/c1']) expect(isRememberedApiRead(path), path).toBe(true);
    for (const path of ['/api/cards/c1/duplicate', '/api/contacts', '/api/me', '/api/cardsx']) expect(isRememberedApiRead(path), path).toBe(false);
    expect(isQrCode('/id/c1/qr.svg')).toBe(true);
    expect(isQrCode('/id/c1/qr.png')).toBe(true);
    expect(isQrCode('/id/c1/')).toBe(false);
    expect(isQrCode('/id/c1/contact.vcf')).toBe(false);
  });
});
