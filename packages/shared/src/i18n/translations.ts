import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locale } from './locales';

/** One family of messages (a page, a mail, a screen) in every language, keyed alike; values are ICU messages. */
export type Catalogs<Id extends string> = Record<Locale, Record<Id, string>>;

/** A message by its id, with its placeholders' values (plurals count with `Intl.PluralRules` of the language). */
export type Translate<Id extends string> = (id: Id, values?: Record<string, string | number>) => string;

/**
 * Lingui's runtime over a family of catalogs: each language's messages are compiled from ICU on first use and
 * kept, so translating is a lookup and an interpolation.
 */
export function createTranslations<Id extends string>(catalogs: Catalogs<Id>): (locale: Locale) => Translate<Id> {
  const translators = new Map<Locale, Translate<Id>>();
  return (locale) => {
    let translate = translators.get(locale);
    if (!translate) {
      const messages = Object.fromEntries(Object.entries<string>(catalogs[locale]).map(([id, message]) => [id, compileMessage(message)]));
      const i18n: I18n = setupI18n({ locale, messages: { [locale]: messages } });
      translate = (id, values) => i18n._(id, values);
      translators.set(locale, translate);
    }
    return translate;
  };
}
