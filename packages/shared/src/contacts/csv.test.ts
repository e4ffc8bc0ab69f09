import { describe, expect, it } from 'vitest';
import { csvField, csvRow, neutraliseFormula } from './csv';

describe('csvField', () => {
  it.each([
    ['plain', 'Ada Lovelace', 'Ada Lovelace'],
    ['empty', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['comma', 'Doe, Jane', '"Doe, Jane"'],
    ['quote', 'The "Analyst"', '"The ""Analyst"""'],
    ['newline', 'line 1\nline 2', '"line 1\nline 2"'],
    ['CRLF inside', 'line 1\r\nline 2', '"line 1\r\nline 2"'],
    ['only quotes', '""', '""""""'],
    ['semicolon needs no quotes', 'a;b', 'a;b'],
    ['unicode', 'Zoë 李 🎉', 'Zoë 李 🎉'],
    // Values starting with =, +, -, @ are neutralised so a spreadsheet does not run them as a formula (and tab
    // or CR, which can hide one).
    ['formula =', '=HYPERLINK("http://evil","x")', '"\'=HYPERLINK(""http://evil"",""x"")"'],
    ['formula + (phone)', '+49 30 1234', "'+49 30 1234"],
    ['formula -', '-2+3', "'-2+3"],
    ['formula @', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['leading tab', '\t=1+1', "'\t=1+1"],
    ['leading CR', '\r=1+1', '"\'\r=1+1"'],
    ['formula with comma', '=1,2', '"\'=1,2"'],
    ['equals later is harmless', 'a=b', 'a=b'],
    ['minus later is harmless', 'Jean-Luc', 'Jean-Luc'],
    ['email with @ inside', 'ada@example.com', 'ada@example.com'],
    ['leading space then formula', ' =1', ' =1'],
  ])('%s', (_label, input, expected) => {
    expect(csvField(input)).toBe(expected);
  });
});

describe('neutraliseFormula', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])('prefixes a value starting with %j', (start) => {
    expect(neutraliseFormula(`${start}x`)).toBe(`'${start}x`);
  });
  it('leaves other values alone', () => {
    expect(neutraliseFormula("'already")).toBe("'already");
    expect(neutraliseFormula('x=')).toBe('x=');
  });
});

describe('csvRow', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRow(['a', 'b, c', '=d', ''])).toBe('a,"b, c",\'=d,\r\n');
  });
});
