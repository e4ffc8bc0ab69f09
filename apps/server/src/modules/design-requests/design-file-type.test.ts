import { describe, expect, it } from 'vitest';
import { detectDesignFileType } from './design-request-service';

describe('detectDesignFileType: what the bytes are, never what the name says', () => {
  it.each([
    ['PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png'],
    ['JPEG signature', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpeg'],
    ['PDF header', Buffer.from('%PDF-1.7\n...'), 'pdf'],
    ['SVG with an XML declaration', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'svg'],
    ['SVG without a declaration', Buffer.from('<svg viewBox="0 0 1 1"></svg>'), 'svg'],
    ['SVG after a byte-order mark', Buffer.from('\uFEFF<svg></svg>'), 'svg'],
    ['XML that is not SVG', Buffer.from('<?xml version="1.0"?><html></html>'), null],
    ['a Windows program named logo.png', Buffer.from('MZ\x90\x00\x03'), null],
    ['a ZIP archive', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), null],
    ['plain text', Buffer.from('just text'), null],
    ['nothing', Buffer.alloc(0), null],
  ])('%s → %s', (_what, body, expected) => {
    expect(detectDesignFileType(body)).toBe(expected);
  });
});
