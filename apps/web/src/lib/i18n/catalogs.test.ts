import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { missingPluralForms, placeholdersOf } from '@cardstack/shared/i18n/catalog-checks';
import { locales, type Locale } from '@cardstack/shared/i18n/locales';

/** Every `messages/` folder of the SPA: a feature's catalogs, one JSON file per language. */
const source = path.resolve(import.meta.dirname, '../..');
const folders = fs
  .readdirSync(source, { recursive: true, encoding: 'utf8' })
  .filter((entry) => path.basename(entry) === 'messages' && fs.statSync(path.join(source, entry)).isDirectory())
  .sort();

function catalogOf(folder: string, locale: Locale): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(source, folder, `${locale}.json`), 'utf8')) as Record<string, string>;
}

/** The names of a message's rich-text tags (`<link>…</link>`, see rich-text.tsx), in order. */
function tagsOf(message: string): string[] {
  return [...message.matchAll(/<(\w+)>/g)].map((match) => match[1]!);
}

it('finds the catalogs', () => {
  expect(folders).toContain(path.join('features', 'not-found', 'messages'));
});

describe.each(folders)('%s', (folder) => {
  const english = catalogOf(folder, 'en');

  it('has one file per language and nothing else', () => {
    expect(fs.readdirSync(path.join(source, folder)).sort()).toEqual(locales.map((locale) => `${locale}.json`).sort());
  });

  it.each(locales.filter((locale) => locale !== 'en'))('%s has exactly the English ids', (locale) => {
    expect(Object.keys(catalogOf(folder, locale)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(locales.filter((locale) => locale !== 'en'))('%s fills in the same placeholders and tags as English', (locale) => {
    for (const [id, message] of Object.entries(catalogOf(folder, locale))) {
      expect([...placeholdersOf(parse(message))].sort(), `${locale} ${id}`).toEqual([...placeholdersOf(parse(english[id]!))].sort());
      expect(tagsOf(message).sort(), `${locale} ${id}`).toEqual(tagsOf(english[id]!).sort());
    }
  });

  it.each(locales)('%s has every plural form its language needs', (locale) => {
    for (const [id, message] of Object.entries(catalogOf(folder, locale))) expect(missingPluralForms(parse(message), locale), `${locale} ${id}`).toEqual([]);
  });
});
