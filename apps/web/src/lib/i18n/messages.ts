import { use, useMemo } from 'react';
import { setupI18n } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { isLocale, type Locale } from '@cardstack/shared/i18n/locales';
import { languageOf, useAppPreferences, type AppLocale } from './app-locale';
import { pseudoLocalized } from './pseudo-locale';

/**
 * A screen's messages. Each feature keeps its catalogs in `messages/` as JSON, one file per language, with ICU
 * messages (placeholders, plurals); English is the source. The build compiles them for Lingui's runtime
 * (compiledCatalogs in vite.config.ts), English comes with the screen's own chunk, and every other language is a
 * chunk of its own, loaded the first time a screen needs it.
 */
export interface Messages<Id extends string> {
  english: Record<Id, string>;
  others: Partial<Record<Locale, () => Promise<unknown>>>;
}

/**
 * A catalog's loader (a JSON module), by language or by the path `import.meta.glob` names it with
 * (`./messages/de.json`). Its ids are English's: catalogs.test.ts checks every language has exactly those.
 */
type CatalogLoaders = Record<string, () => Promise<unknown>>;

/** A message by its id, with its placeholders' values (plurals count with the language's own rules). */
export interface Translate<Id extends string> {
  (id: Id, values?: Record<string, string | number>): string;
}

/**
 * Declares a feature's messages: `defineMessages(english, import.meta.glob(['./messages/*.json', '!**\/en.json']))`
 * (every other language a chunk of its own; catalogs.test.ts checks each folder has all seven), or with loaders by
 * language (`de`, `fr`, …: a dynamic import of each JSON file) for catalogs outside the app.
 */
export function defineMessages<Id extends string>(english: Record<Id, string>, loaders: CatalogLoaders): Messages<Id> {
  const others: Messages<Id>['others'] = {};
  for (const [key, load] of Object.entries(loaders)) {
    const locale = /([^/]+)\.json$/.exec(key)?.[1] ?? key;
    if (isLocale(locale)) others[locale] = load;
  }
  return { english, others };
}

const loading = new WeakMap<Messages<string>, Map<AppLocale, Promise<Record<string, string>>>>();
const translators = new WeakMap<Record<string, string>, Map<AppLocale, Translate<string>>>();

function catalogIn<Id extends string>(messages: Messages<Id>, locale: AppLocale): Promise<Record<Id, string>> | Record<Id, string> {
  if (locale === 'en' || locale === 'pseudo') return messages.english;
  let byLocale = loading.get(messages);
  if (!byLocale) loading.set(messages, (byLocale = new Map()));
  let catalog = byLocale.get(locale);
  const load = messages.others[locale];
  // A language without a catalog (never so in the app: catalogs.test.ts) shows English rather than failing.
  if (!catalog) byLocale.set(locale, (catalog = load ? load().then((module) => (module as { default: Record<Id, string> }).default) : Promise.resolve(messages.english)));
  return catalog as Promise<Record<Id, string>>;
}

function translatorFor<Id extends string>(catalog: Record<Id, string>, locale: AppLocale): Translate<Id> {
  let byLocale = translators.get(catalog);
  if (!byLocale) translators.set(catalog, (byLocale = new Map()));
  let translate = byLocale.get(locale);
  if (!translate) {
    // The build has compiled each message; the catalogs' JSON type only names the ids.
    const compiled = catalog as unknown as Record<string, CompiledMessage>;
    const shown = locale === 'pseudo' ? pseudoLocalized(compiled) : compiled;
    const language = languageOf(locale);
    const i18n = setupI18n({ locale: language, messages: { [language]: shown } });
    translate = (id, values) => i18n._(id, values);
    byLocale.set(locale, translate);
  }
  return translate as Translate<Id>;
}

/**
 * The translate function of a feature's messages in the app's language. The first use of a language suspends the
 * screen until its catalog has arrived (the route's spinner shows meanwhile).
 */
export function useMessages<Id extends string>(messages: Messages<Id>): Translate<Id> {
  const { locale } = useAppPreferences();
  const catalog = catalogIn(messages, locale);
  const loaded = catalog instanceof Promise ? use(catalog) : catalog;
  return useMemo(() => translatorFor(loaded, locale), [loaded, locale]);
}

/** The translate function of `messages` in `locale`, whatever the app's language is (outside a component, or a card's fixed language). */
export async function translatorIn<Id extends string>(messages: Messages<Id>, locale: Locale): Promise<Translate<Id>> {
  return translatorFor(await catalogIn(messages, locale), locale);
}

/** The catalogs of `messages` in `locale`, loaded before the app switches to it (no spinner on the switch). */
export async function preloadMessages(messages: Messages<string>, locale: AppLocale): Promise<void> {
  await catalogIn(messages, locale);
}
