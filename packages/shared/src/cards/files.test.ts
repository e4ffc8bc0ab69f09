import { describe, expect, it } from 'vitest';
import { toDisplayFileName } from './files';

describe('toDisplayFileName', () => {
  it.each([
    ['Price list.pdf', 'Price list.pdf'],
    ['C:\\Users\\ada\\report.docx', 'report.docx'],
    ['../../etc/passwd', 'passwd'],
    ['evil\u0000name\n.txt', 'evilname.txt'],
    ['', 'file.pdf'],
    [undefined, 'file.pdf'],
    ['..', 'file.pdf'],
    [`${'a'.repeat(300)}.pdf`, 'a'.repeat(200)],
  ])('%j is shown as %j', (original, expected) => {
    expect(toDisplayFileName(original, 'pdf')).toBe(expected);
  });
});
