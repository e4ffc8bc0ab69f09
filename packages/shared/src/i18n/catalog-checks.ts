import type { Token } from '@messageformat/parser';
import type { Locale } from './locales';

/*
 * What every catalog of the product is checked for, against its English source: the same placeholders, and every
 * plural form the language needs. Used by the shared families' test and the SPA's (apps/web/src/lib/i18n).
 */

/** The placeholders a message fills in (not `#`, the count inside a plural). */
export function placeholdersOf(tokens: Token[], found = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') found.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      found.add(token.arg);
      for (const branch of token.cases) placeholdersOf(branch.tokens, found);
    }
  }
  return found;
}

/** The plural forms each plural in a message lacks in `locale` (CLDR's categories, as `Intl.PluralRules` has them). */
export function missingPluralForms(tokens: Token[], locale: Locale): string[] {
  const missing: string[] = [];
  for (const token of tokens) {
    if (token.type === 'plural' || token.type === 'selectordinal') {
      const needed = new Intl.PluralRules(locale, { type: token.type === 'plural' ? 'cardinal' : 'ordinal' }).resolvedOptions().pluralCategories;
      const given = new Set(token.cases.map((branch) => branch.key));
      missing.push(...needed.filter((category) => !given.has(category)).map((category) => `${token.arg}: ${category}`));
    }
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      for (const branch of token.cases) missing.push(...missingPluralForms(branch.tokens, locale));
    }
  }
  return missing;
}
