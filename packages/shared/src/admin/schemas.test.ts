import { describe, expect, it } from 'vitest';
import { englishText } from '../i18n/keyed-text';
import { preorderBatchInput, registrationPolicy } from './schemas';

describe('registrationPolicy', () => {
  it.each([
    ['open', { mode: 'open' }, { mode: 'open', domains: [] }],
    ['invitation only', { mode: 'invitation', domains: [] }, { mode: 'invitation', domains: [] }],
    ['domains, lower-cased and trimmed', { mode: 'domains', domains: [' Staff.Example.ORG '] }, { mode: 'domains', domains: ['staff.example.org'] }],
  ])('accepts %s', (_what, input, expected) => {
    expect(registrationPolicy.parse(input)).toEqual(expected);
  });

  it.each([
    ['domains without any domain', { mode: 'domains', domains: [] }, 'List at least one email domain'],
    ['an address instead of a domain', { mode: 'domains', domains: ['me@example.com'] }, 'Enter domains such as example.com'],
    ['an unknown mode', { mode: 'closed' }, undefined],
  ])('refuses %s', (_what, input, message) => {
    const result = registrationPolicy.safeParse(input);
    expect(result.success).toBe(false);
    if (message) expect(englishText(result.error!.issues[0]!.message)).toBe(message);
  });
});

describe('preorderBatchInput', () => {
  it.each([
    [{ productId: 'nfc', productName: 'NFC', count: '10' }, true],
    [{ productId: 'nfc', productName: 'NFC', count: 10_000 }, true],
    [{ productId: 'nfc', productName: 'NFC', count: 10_001 }, false],
    [{ productId: 'nfc', productName: 'NFC', count: 0 }, false],
    [{ productId: '', productName: 'NFC', count: 1 }, false],
    [{ productId: 'nfc', productName: 'NFC', count: 1.5 }, false],
  ])('%j → %s', (input, isValid) => {
    expect(preorderBatchInput.safeParse(input).success).toBe(isValid);
  });
});
