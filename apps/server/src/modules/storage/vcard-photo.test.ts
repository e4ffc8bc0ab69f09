import ICAL from 'ical.js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildVCard } from '@cardstack/shared/vcard/vcard-writer';
import { prepareVCardPhoto } from './vcard-photo';

describe('prepareVCardPhoto', () => {
  it.each([
    [1200, 800, 400, 267],
    [800, 1200, 267, 400],
    [400, 400, 400, 400],
    [120, 90, 120, 90],
  ])('resizes %ix%i to %ix%i JPEG', async (width, height, expectedWidth, expectedHeight) => {
    const input = await sharp({ create: { width, height, channels: 3, background: '#336699' } }).webp().toBuffer();
    const output = await prepareVCardPhoto(input);
    expect([...output.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await sharp(output).metadata()).toMatchObject({ format: 'jpeg', width: expectedWidth, height: expectedHeight });
  });

  it('rejects something that is not an image', async () => {
    await expect(prepareVCardPhoto(Buffer.from('not an image'))).rejects.toThrow();
  });

  it('makes a photo the vCard writer embeds and ical.js (an independent parser) decodes back to a JPEG', async () => {
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const card = new ICAL.Component(ICAL.parse(buildVCard({ name: 'Jane Doe', photoJpeg: await prepareVCardPhoto(png) })));
    const jpeg = Buffer.from((card.getFirstPropertyValue('photo') as ICAL.Binary).decodeValue(), 'latin1');
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const metadata = await sharp(jpeg).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
  });
});
