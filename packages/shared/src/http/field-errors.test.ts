import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './field-errors';

describe('fieldErrorsOf', () => {
  it.each([
    ['no issues', [], {}],
    ['a top-level field', [{ path: ['email'], message: 'Enter an email address.' }], { email: 'Enter an email address.' }],
    ['a nested field, by its dotted path', [{ path: ['links', 0, 'url'], message: 'Enter a web address.' }], { 'links.0.url': 'Enter a web address.' }],
    ['the whole form', [{ path: [], message: 'Fill in the form.' }], { form: 'Fill in the form.' }],
    [
      'the first message of a field only',
      [
        { path: ['name'], message: 'Enter a name.' },
        { path: ['name'], message: 'Use at most 100 characters.' },
      ],
      { name: 'Enter a name.' },
    ],
  ])('%s', (_case, issues, expected) => {
    expect(fieldErrorsOf(issues)).toEqual(expected);
  });

  it("reads zod's own issues", () => {
    const schema = z.object({ name: z.string().min(1, 'Enter a name.'), emails: z.array(z.string().email('Enter a valid email.')) });
    const parsed = schema.safeParse({ name: '', emails: ['ok@example.com', 'not an email'] });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!.issues)).toEqual({ name: 'Enter a name.', 'emails.1': 'Enter a valid email.' });
  });
});
