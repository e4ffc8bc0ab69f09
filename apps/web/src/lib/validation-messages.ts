import { useCallback } from 'react';
import { setupI18n } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { readKeyed, type ValidationMessageId } from '@cardstack/shared/i18n/keyed';
import { validationEnglish, validationLoaders } from '@cardstack/shared/i18n/validation/browser-catalogs';
import { appPreferences, useAppPreferences, type AppLocale } from './i18n/app-locale';
import { defineMessages, useMessages, type Translate } from './i18n/messages';

/*
 * The shared schemas' messages in the app's language. A schema's check gives a keyed message (an id and its
 * values, `@cardstack/shared/i18n/keyed`), which react-hook-form hands on as the field's error; it is put into words
 * where it is shown (FieldFrame, FormAlert, the form-errors helpers), so screens pass errors on as they are. A
 * message that is not keyed is shown as it is: the server's (already in the app's language, asked for with
 * Accept-Language) or a screen's own.
 */

export const validationMessages = defineMessages<ValidationMessageId>(validationEnglish, validationLoaders);

// A keyed message, also inside a longer text a screen composed ("Line 2: " and a list item's message).
const keyedPart = /§[A-Za-z][A-Za-z0-9]*(?:\{[^{}]*\})?/g;

/** A message's words: each keyed message in it by its id and values, any other text as it is. */
function wordsOf(message: string, t: Translate<ValidationMessageId>): string {
  if (!message.includes('§')) return message;
  return message.replace(keyedPart, (part) => {
    const found = readKeyed(part);
    return found && Object.hasOwn(validationEnglish, found.id) ? t(found.id as ValidationMessageId, found.values) : part;
  });
}

/** A message (or none) in words of the app's language. */
export type ValidationText = (message: string | undefined) => string | undefined;

/** The languages whose translate function a screen has used, for words needed outside rendering. */
const inUse = new Map<AppLocale, Translate<ValidationMessageId>>();

/**
 * Puts messages into words of the app's language. The first use of a language suspends the screen until its
 * catalog has arrived, as every screen's own messages do.
 */
export function useValidationText(): ValidationText {
  const { locale } = useAppPreferences();
  const t = useMessages(validationMessages);
  // A cache of what this render has anyway (the same function for the same language): safe to fill while rendering.
  inUse.set(locale, t);
  return useCallback((message) => (message === undefined ? undefined : wordsOf(message, t)), [t]);
}

let english: Translate<ValidationMessageId> | undefined;
function englishTranslate(): Translate<ValidationMessageId> {
  if (!english) {
    // The build has compiled each message; the catalog's JSON type only names the ids.
    const i18n = setupI18n({ locale: 'en', messages: { en: validationEnglish as unknown as Record<string, CompiledMessage> } });
    english = (id, values) => i18n._(id, values);
  }
  return english;
}

/**
 * A message's words outside rendering (a toast, the message an event handler places): in the app's language once
 * a form has shown in it (every screen that can fail a request has one), else in English.
 */
export function validationText(message: string): string {
  return wordsOf(message, inUse.get(appPreferences().locale) ?? englishTranslate());
}
