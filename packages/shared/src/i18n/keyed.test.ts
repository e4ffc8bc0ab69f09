import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { placeholdersOf } from './catalog-checks';
import { apiErrorsEnglish } from './api-errors/en';
import { keyed, readKeyed, type MessageId } from './keyed';
import { englishText, keyedTextIn } from './keyed-text';
import { locales } from './locales';
import { currencyCode, priceIdConfigSchema } from '../plans/prices';
import { planTitles, type UserPlan } from '../plans/plans';
import { appleDeviceLibraryId, applePushToken } from '../wallet/schemas';

/*
 * Every message a person can read from a shared schema is keyed: an id of the validation (or api-errors) family
 * with the values its placeholders need, so the server and the SPA can say it in every language. A schema that
 * gets an English literal message fails here.
 */

const source = path.resolve(import.meta.dirname, '..');
const validationEnglish = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'validation/messages/en.json'), 'utf8')) as Record<string, string>;
const english: Record<string, string> = { ...validationEnglish, ...apiErrorsEnglish };

/**
 * Schemas no person reads the messages of: the configuration the server checks at start (its log says what is
 * wrong, in English like the rest of the log), prices read from the payment provider, and the identifiers
 * Apple's Wallet devices send.
 */
const machineFacing = new Set<unknown>([priceIdConfigSchema, currencyCode, appleDeviceLibraryId, applePushToken]);

/** The shared modules (not tests, not the catalogs), with their exports. */
const modules = import.meta.glob<Record<string, unknown>>(['../**/*.ts', '!../**/*.test.ts', '!../i18n/**'], { eager: true });

type Def = Record<string, unknown> & { type: string; error?: (issue: unknown) => unknown; checks?: { _zod: { def: Def } }[] };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The messages a schema's own checks and refinements give (not zod's built-in ones), found by walking it. */
function messagesOf(schema: unknown, found: Map<string, string>, where: string, seen = new Set<unknown>()): void {
  const def = defOf(schema);
  if (!def || seen.has(schema) || machineFacing.has(schema)) return;
  seen.add(schema);
  const say = (error: Def['error']) => {
    const given = error?.({ code: 'custom', input: undefined, path: [] });
    const message = typeof given === 'string' ? given : (given as { message?: string } | undefined)?.message;
    if (message !== undefined) found.set(message, where);
  };
  say(def.error);
  for (const check of def.checks ?? []) say(check._zod.def.error);
  const children: unknown[] = [];
  if (def.type === 'object') children.push(...Object.values(def.shape as Record<string, unknown>));
  for (const key of ['element', 'innerType', 'in', 'out', 'left', 'right', 'keyType', 'valueType', 'rest']) if (def[key]) children.push(def[key]);
  for (const key of ['options', 'items']) if (Array.isArray(def[key])) children.push(...(def[key] as unknown[]));
  if (def.type === 'lazy') children.push((def.getter as () => unknown)());
  for (const child of children) messagesOf(child, found, where, seen);
}

const schemaMessages = new Map<string, string>();
for (const [file, exports] of Object.entries(modules)) {
  for (const [name, value] of Object.entries(exports)) if (value instanceof z.ZodType) messagesOf(value, schemaMessages, `${file}: ${name}`);
}

/** The shared modules with schemas, for what a walk cannot see: messages added inside refinements and transforms. */
const sourceFiles = fs
  .readdirSync(source, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`i18n${path.sep}`))
  .map((file) => ({ file, text: fs.readFileSync(path.join(source, file), 'utf8') }))
  .filter(({ text }) => text.includes("from 'zod'"));

describe('the shared schemas’ messages', () => {
  it('are found', () => {
    expect(schemaMessages.size).toBeGreaterThan(80);
    expect([...schemaMessages.keys()]).toContain(keyed('passwordTooShort', { min: 8 }));
  });

  it('are all keyed, with an id of the catalogs', () => {
    const unkeyed = [...schemaMessages].filter(([message]) => !readKeyed(message) || !(readKeyed(message)!.id in english));
    expect(unkeyed.map(([message, where]) => `${where}: ${message}`)).toEqual([]);
  });

  it('give every placeholder of their message a value', () => {
    for (const [message, where] of schemaMessages) {
      const { id, values } = readKeyed(message)!;
      expect(Object.keys(values ?? {}).sort(), `${where}: ${id}`).toEqual([...placeholdersOf(parse(english[id]!))].sort());
    }
  });

  it('are keyed where refinements and transforms add them too', () => {
    // `message: '…'` (an issue added by hand) or a check given a literal, anywhere in a shared module.
    const literal = /\bmessage:\s*['`"]|\.(?:min|max|length|regex|email|url|int|refine|startsWith|endsWith)\([^()]*,\s*['`"]/;
    const allowed = (file: string) => file === path.join('plans', 'prices.ts') || file === path.join('wallet', 'schemas.ts');
    const offenders = sourceFiles.flatMap(({ file, text }) =>
      allowed(file) ? [] : text.split('\n').flatMap((line, index) => (literal.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});

describe('keyed messages', () => {
  it('carry their id and values through a string', () => {
    expect(readKeyed(keyed('nameTooLong', { max: 100 }))).toEqual({ id: 'nameTooLong', values: { max: 100 } });
    expect(readKeyed(keyed('invalidEmail'))).toEqual({ id: 'invalidEmail', values: undefined });
    expect(readKeyed('Enter a valid email address')).toBeNull();
  });

  it('are said in each language, and other texts stay as they are', () => {
    expect(englishText(keyed('nameTooLong', { max: 100 }))).toBe('Name must be at most 100 characters');
    expect(keyedTextIn('de')(keyed('invalidEmail'))).not.toBe('Enter a valid email address');
    expect(keyedTextIn('de')('Invalid input: expected string, received number')).toBe('Invalid input: expected string, received number');
  });

  it('have one id in one family only', () => {
    expect(Object.keys(validationEnglish).filter((id) => id in apiErrorsEnglish)).toEqual([]);
  });

  it.each(locales)('in %s, every message with values is said without a placeholder left over', (locale) => {
    const text = keyedTextIn(locale);
    const sample = { max: 100, min: 1, count: 2, email: 'ada@example.com', name: 'Ada', scheme: 'tel', network: 'Instagram', sizes: '10, 25', events: 'lead.created', plan: 'team', planTitle: 'Pro', allowance: 3, rows: '2, 3', columns: 'Email, Name', scope: 'cards:read', status: 'completed' };
    for (const id of Object.keys(english) as MessageId[]) {
      const needed = [...placeholdersOf(parse(english[id]!))];
      const said = text(keyed(id, Object.fromEntries(needed.map((name) => [name, sample[name as keyof typeof sample]]))));
      expect(said, `${locale} ${id}`).not.toMatch(/[{}§]/);
    }
  });
});

describe('the English words', () => {
  it.each<[UserPlan, number, string]>([
    ['basic', 1, 'Your Basic plan includes 1 card. Upgrade your plan to create more cards.'],
    ['basic', 10, 'Your Basic plan includes 10 cards. Upgrade your plan to create more cards.'],
    ['subscribed', 2, 'Your Pro plan includes 2 cards. Upgrade your plan to create more cards.'],
    ['team', 25, 'Your Teams plan includes 25 cards. Choose a larger team size to create more cards.'],
    ['team', 1000, 'Your Teams plan includes 1000 cards. Choose a larger team size to create more cards.'],
  ])('of the card limit, %s with %i', (plan, count, message) => {
    expect(englishText(keyed('cardLimit', { plan, planTitle: planTitles[plan], count }))).toBe(message);
  });

  it.each([
    [keyed('descriptionTooLong', { max: 2000 }), 'Description must be at most 2000 characters'],
    [keyed('importMissingColumns', { count: 1, columns: 'Email' }), 'The header row lacks the column Email. Download the template to see the columns.'],
    [keyed('importMissingColumns', { count: 2, columns: 'Email, Name' }), 'The header row lacks the columns Email, Name. Download the template to see the columns.'],
    [keyed('adminRowsNeedRoles', { count: 1, rows: '4' }), 'Only the team owner or someone who may change roles can make members admins (row 4).'],
    [keyed('testCheckoutDone', { status: 'cancelled' }), 'This test checkout was already cancelled.'],
    [keyed('importTooManyRows', { max: 1000 }), 'The file has more than 1000 rows. Split it into smaller files.'],
    [keyed('paidFeature'), 'This is a Paid feature. Upgrade your account to use this feature.'],
  ])('of %s', (message, words) => {
    expect(englishText(message)).toBe(words);
  });
});
