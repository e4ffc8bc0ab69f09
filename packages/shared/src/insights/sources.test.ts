import { describe, expect, it } from 'vitest';
import { markerOfQuery, visitSourceOf, withVisitSource } from './sources';

describe('visit source marker', () => {
  it.each([
    ['https://cards.example/id/abc/', 'qr', 'https://cards.example/id/abc/?src=qr'],
    ['https://cards.example/id/abc/?src=qr', 'nfc', 'https://cards.example/id/abc/?src=nfc'],
    ['https://cards.example/id/abc/?lang=de#top', 'wallet', 'https://cards.example/id/abc/?lang=de&src=wallet#top'],
  ] as const)('%s with %s is %s', (address, source, expected) => {
    expect(withVisitSource(address, source)).toBe(expected);
  });

  it.each([
    ['src=qr', 'qr'],
    ['a=1&src=NFC', 'nfc'],
    ['src=evil', null],
    ['source=qr', null],
    ['', null],
  ])('query %j carries %s', (query, marker) => {
    expect(markerOfQuery(query)).toBe(marker);
  });

  it.each([
    ['qr', 'news.example', 'qr'],
    [null, 'news.example', 'site'],
    [null, 'cards.example', 'direct'],
    [null, null, 'direct'],
  ] as const)('marker %s, referrer %s: %s', (marker, referrer, source) => {
    expect(visitSourceOf(marker, referrer, 'cards.example')).toBe(source);
  });
});
