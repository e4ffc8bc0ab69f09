import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { credentialExpiriesAt, daysLeftOf, warningThresholdOf } from './credential-expiry';

const now = new Date('2026-03-01T12:00:00Z');

describe('the expiry warnings', () => {
  it.each([
    [45, null],
    [31, null],
    [30, 30],
    [8, 30],
    [7, 7],
    [1, 7],
    [0, 0],
    [-3, 0],
  ])('%i days left → the %s-day warning', (daysLeft, threshold) => {
    expect(warningThresholdOf(daysLeft)).toBe(threshold);
  });

  it('counts whole days left, rounded down, negative once expired', () => {
    expect(daysLeftOf(new Date('2026-03-31T12:00:00Z'), now)).toBe(30);
    expect(daysLeftOf(new Date('2026-03-31T11:59:59Z'), now)).toBe(29);
    expect(daysLeftOf(new Date('2026-03-01T11:00:00Z'), now)).toBe(-1);
  });

  it('reports an expiry that is not known as null', () => {
    expect(credentialExpiriesAt([{ credential: 'apple-apns-key', expiresAt: null }], now)).toEqual([{ credential: 'apple-apns-key', expiresAt: null, daysLeft: null }]);
  });
});

describe('APPLE_APNS_KEY_EXPIRES_AT', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/cards-credential-expiry' } as const;
  it('must be a date', () => {
    expect(() => loadConfig({ ...base, APPLE_APNS_KEY_EXPIRES_AT: '31.03.2027' })).toThrow(/APPLE_APNS_KEY_EXPIRES_AT: must be a date such as 2027-03-31/);
    expect(() => loadConfig({ ...base, APPLE_APNS_KEY_EXPIRES_AT: '2027-13-01' })).toThrow(/APPLE_APNS_KEY_EXPIRES_AT/);
  });

  it('needs the APNs key it dates', () => {
    expect(() => loadConfig({ ...base, APPLE_APNS_KEY_EXPIRES_AT: '2027-03-31' })).toThrow(/APPLE_APNS_KEY_EXPIRES_AT: is the expiry of the APNs key: set APPLE_APNS_KEY too/);
  });
});
