import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { locales } from './locales';
import { accountMailCatalogs } from './account-mail/catalogs';
import { apiErrorCatalogs } from './api-errors/catalogs';
import { invitationMailCatalogs } from './invitation-mail/catalogs';
import { leadMailCatalogs } from './lead-mail/catalogs';
import { planChangeCatalogs } from './plan-changes/catalogs';
import { operatorMailCatalogs } from './operator-mail/catalogs';
import { planMailCatalogs } from './plan-mail/catalogs';
import { publicPageCatalogs } from './public-page/catalogs';
import { securityMailCatalogs } from './security-mail/catalogs';
import { walletPassCatalogs } from './wallet-pass/catalogs';
import type { Catalogs } from './translations';
import { missingPluralForms, placeholdersOf } from './catalog-checks';

/**
 * A family kept as JSON (`messages/{locale}.json`, which the SPA's build compiles too), read from its files: the
 * unit tests compile imported JSON catalogs as the build does, and these checks need the ICU source.
 */
function jsonCatalogs(folder: string): Catalogs<string> {
  const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, folder, 'messages', `${locale}.json`), 'utf8')) as Record<string, string>;
  return Object.fromEntries(locales.map((locale) => [locale, read(locale)])) as Catalogs<string>;
}

/** Every family of messages the product has; a new family is added here and checked like the others. */
const families: Record<string, Catalogs<string>> = {
  'validation messages': jsonCatalogs('validation'),
  'API error messages': apiErrorCatalogs,
  'public page': publicPageCatalogs,
  'new-lead mail': leadMailCatalogs,
  'account mails': accountMailCatalogs,
  'invitation mail': invitationMailCatalogs,
  'security notice': securityMailCatalogs,
  'plan change mail': planMailCatalogs,
  'downgrade lines': planChangeCatalogs,
  'wallet pass': walletPassCatalogs,
  'operator mails': operatorMailCatalogs,
};

describe.each(Object.entries(families))('the %s messages', (_family, catalogs) => {
  const english = catalogs.en;

  it.each(locales.filter((locale) => locale !== 'en'))('%s has exactly the English keys', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(locales.filter((locale) => locale !== 'en'))('%s fills in the same placeholders as English', (locale) => {
    for (const [id, message] of Object.entries(catalogs[locale])) {
      expect([...placeholdersOf(parse(message))].sort(), `${locale} ${id}`).toEqual([...placeholdersOf(parse(english[id]!))].sort());
    }
  });

  it.each(locales)('%s has every plural form its language needs', (locale) => {
    for (const [id, message] of Object.entries(catalogs[locale])) expect(missingPluralForms(parse(message), locale), `${locale} ${id}`).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('see placeholders inside plurals and selects, not the count', () => {
    expect([...placeholdersOf(parse('{count, plural, one {# file of {owner}} other {# files}} {kind, select, a {x} other {y}}'))].sort()).toEqual(['count', 'kind', 'owner']);
  });

  it('find the plural forms a language needs and a message lacks', () => {
    // Sorted: ICU lists the categories in another order on Node 22.
    expect(missingPluralForms(parse('{count, plural, one {a} other {b}}'), 'ar').sort()).toEqual(['count: few', 'count: many', 'count: two', 'count: zero']);
    expect(missingPluralForms(parse('{count, plural, other {b}}'), 'ja')).toEqual([]);
    expect(missingPluralForms(parse('{count, plural, =0 {none} other {b}}'), 'en')).toEqual(['count: one']);
  });
});
