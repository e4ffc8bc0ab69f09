import { useSyncExternalStore } from 'react';
import { defaultLocale, isLocale, negotiateLocale, textDirection, type Locale } from '@cardstack/shared/i18n/locales';

/**
 * The app's language: one of ours, or `pseudo` — English with every letter accented,
 * which a browser test sets to find text that is not translated (no person chooses it: it is not in any list).
 */
export type AppLocale = Locale | 'pseudo';

/** The language and time zone the app shows itself in, and formats dates and numbers with. */
export interface AppPreferences {
  locale: AppLocale;
  timeZone: string;
}

/**
 * The last language this browser used, kept so the next visit (the sign-in screen included) starts in it before
 * the account's preferences arrive; the cookie lets the server send the sign-in screen's HTML in it too.
 */
const storageKey = 'cardstack.locale';
export const localeCookie = 'cardstack_locale';

function rememberedLocale(): AppLocale | null {
  try {
    const remembered = globalThis.localStorage?.getItem(storageKey);
    return remembered && (remembered === 'pseudo' || isLocale(remembered)) ? remembered : null;
  } catch {
    return null; // storage refused (a private window's settings): the browser's languages decide
  }
}

function browserLocale(): Locale {
  return typeof navigator === 'undefined' ? defaultLocale : negotiateLocale(navigator.languages.join(','));
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

let current: AppPreferences = { locale: rememberedLocale() ?? browserLocale(), timeZone: browserTimeZone() };
const listeners = new Set<() => void>();

/** The language real formatting uses: the pseudo-locale formats as English. */
export function languageOf(locale: AppLocale): Locale {
  return locale === 'pseudo' ? defaultLocale : locale;
}

function showLanguage(locale: AppLocale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = languageOf(locale);
  document.documentElement.dir = textDirection(languageOf(locale));
}
showLanguage(current.locale);

export function appPreferences(): AppPreferences {
  return current;
}

/** The app's language for requests: sent as `Accept-Language`, so the server's messages come back in it. */
export function appLanguage(): Locale {
  return languageOf(current.locale);
}

/** Switch the app's language or time zone (the account's preferences arrived, or the person changed them). */
export function setAppPreferences(next: Partial<AppPreferences>): void {
  const locale = next.locale ?? current.locale;
  const timeZone = next.timeZone ?? current.timeZone;
  if (locale === current.locale && timeZone === current.timeZone) return;
  current = { locale, timeZone };
  showLanguage(locale);
  try {
    globalThis.localStorage?.setItem(storageKey, locale);
    document.cookie = `${localeCookie}=${languageOf(locale)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Not remembered: the next visit starts from the browser's languages again.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app's language and time zone; the component renders again when either changes. */
export function useAppPreferences(): AppPreferences {
  return useSyncExternalStore(subscribe, appPreferences, appPreferences);
}
