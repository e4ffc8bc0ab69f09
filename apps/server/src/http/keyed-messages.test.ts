import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { apiErrorsEnglish } from '@cardstack/shared/i18n/api-errors/en';
import { placeholdersOf } from '@cardstack/shared/i18n/catalog-checks';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { AppError } from './errors';

/*
 * Every refusal the server throws on purpose (AppError) carries a keyed message, so the error handler can answer
 * it in the request's language. The type system holds AppError to keyed messages; this holds the source to it
 * too: no English literal given to a refusal, no cast around the check, and every keyed message given the values
 * its English placeholders need.
 */

const source = path.resolve(import.meta.dirname, '..');
const validationEnglish = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../packages/shared/src/i18n/validation/messages/en.json'), 'utf8'),
) as Record<string, string>;
const english: Record<string, string> = { ...validationEnglish, ...apiErrorsEnglish };

const files = fs
  .readdirSync(source, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: fs.readFileSync(path.join(source, file), 'utf8') }));

function offending(pattern: RegExp): string[] {
  return files.flatMap(({ file, text }) => text.split('\n').flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])));
}

describe('the server’s refusals', () => {
  it('are never given an English literal', () => {
    expect(offending(/new AppError\([^)]*['"`][A-Z][^'"`]*\s[^'"`]*['"`]/)).toEqual([]);
    expect(offending(/\b(?:badRequest|notFound|forbidden|refused|tooManyRequests|libraryMessage|schemaMessage)\(\s*['"`]/)).toEqual([]);
  });

  it('are not keyed by a cast', () => {
    expect(offending(/as KeyedMessage\b/)).toEqual([]);
  });

  it('give each keyed message of a literal id the values its placeholders need', () => {
    const calls = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\bkeyed\('(\w+)'(?:,\s*\{([^}]*)\})?\)/g)].map((call) => ({ file, id: call[1]!, given: call[2] ?? '' })),
    );
    expect(calls.length).toBeGreaterThan(100);
    for (const { file, id, given } of calls) {
      expect(english[id], `${file}: ${id}`).toBeDefined();
      // `{ email }` or `{ count: rows.length, rows: … }`: each name that starts the object or follows a comma.
      const names = [...given.matchAll(/(?:^|,)\s*(\w+)\s*(?=:|,|$)/g)].map((name) => name[1]!);
      expect(names.sort(), `${file}: ${id}`).toEqual([...placeholdersOf(parse(english[id]!))].sort());
    }
  });
});

describe('an AppError', () => {
  it('reads English where code reads it, and says itself in any language', () => {
    const error = new AppError(409, 'already-member', keyed('alreadyMember', { email: 'ada@example.com' }), { email: keyed('alreadyMember', { email: 'ada@example.com' }) });
    expect(error.message).toBe('ada@example.com is already in the team.');
    expect(error.fields).toEqual({ email: 'ada@example.com is already in the team.' });
    expect(error.textIn('de')).toEqual({ message: 'ada@example.com ist bereits im Team.', fields: { email: 'ada@example.com ist bereits im Team.' } });
  });
});
