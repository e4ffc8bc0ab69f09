import { setupI18n } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { apiErrorCatalogs } from './api-errors/catalogs';
import { readKeyed } from './keyed';
import { defaultLocale, type Locale } from './locales';
import { validationCatalogs } from './validation/catalogs';

/*
 * Keyed messages (`keyed.ts`) in words, on the server: both families of messages in one language, compiled from
 * ICU on the language's first use. Server only: it brings every language and the ICU compiler with it.
 */

/** A message in words: a keyed one in this language, any other text as it is. */
export type KeyedText = (message: string) => string;

// The unit tests compile the JSON catalogs as the SPA's build does (vitest.config.ts): a message that is
// already compiled is taken as it is.
const compiled = (message: string | CompiledMessage): CompiledMessage => (typeof message === 'string' ? compileMessage(message) : message);

const texts = new Map<Locale, KeyedText>();

export function keyedTextIn(locale: Locale): KeyedText {
  let text = texts.get(locale);
  if (!text) {
    const catalog: Record<string, string | CompiledMessage> = { ...validationCatalogs[locale], ...apiErrorCatalogs[locale] };
    const messages = Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, compiled(message)]));
    const i18n = setupI18n({ locale, messages: { [locale]: messages } });
    text = (message) => {
      const found = readKeyed(message);
      return found && Object.hasOwn(messages, found.id) ? i18n._(found.id, found.values) : message;
    };
    texts.set(locale, text);
  }
  return text;
}

/** A message in English: what a request without Accept-Language reads, and what logs and the CLI print. */
export function englishText(message: string): string {
  return keyedTextIn(defaultLocale)(message);
}
