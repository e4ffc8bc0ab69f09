import { describe, expect, it } from 'vitest';
import { toDisplayFileName } from './files';

describe('toDisplayFileName', () => {
  it.each([
    ['Price list.pdf', 'Price list.pdf'],
    ['C:\\Users\\ada\\report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['evil\u0000name\n.txt', 'evilname.pdf'],
    ['', 'file.pdf'],
    [undefined, 'file.pdf'],
    ['..', 'file.pdf'],
    [`${'a'.repeat(300)}.pdf`, `${'a'.repeat(190)}.pdf`],
    // The detected type's extension, never the uploader's.
    ['invoice.html', 'invoice.pdf'],
    ['invoice.pdf.exe', 'invoice.pdf.pdf'],
    ['noextension', 'noextension.pdf'],
    ['trailing dots. . .', 'trailing dots.pdf'],
  ])('%j is shown as %j', (original, expected) => {
    expect(toDisplayFileName(original, 'pdf')).toBe(expected);
  });
});
