import { describe, expect, it } from 'vitest';
import { preorderIdPattern } from '@cardstack/shared/physical-cards/schemas';
import { newPreorderId, preorderCsv } from './physical-card-service';

describe('pre-order ids', () => {
  it('are 24 base62 characters, the shape the public page recognises, and never repeat', () => {
    const ids = Array.from({ length: 2000 }, newPreorderId);
    for (const id of ids) expect(id).toMatch(preorderIdPattern);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up: no bias towards a part of it.
    expect(new Set(ids.join('')).size).toBe(62);
  });
});

describe('preorderCsv', () => {
  it.each([
    ['the CLI: id,url (the chip marks its visits nfc)', {}, 'id,url\r\nAAA,https://cards.example.com/id/AAA/?src=nfc\r\nBBB,https://cards.example.com/id/BBB/?src=nfc\r\n'],
    [
      'the console: with the QR code image',
      { withQr: (id: string) => `https://cards.example.com/qr/${id}.svg` },
      'id,url,qr\r\nAAA,https://cards.example.com/id/AAA/?src=nfc,https://cards.example.com/qr/AAA.svg\r\nBBB,https://cards.example.com/id/BBB/?src=nfc,https://cards.example.com/qr/BBB.svg\r\n',
    ],
  ])('%s', (_what, options, expected) => {
    expect(preorderCsv('https://cards.example.com', ['AAA', 'BBB'], options)).toBe(expected);
  });
});
