import { useMemo } from 'react';
import type { Locale } from '@cardstack/shared/i18n/locales';
import { languageOf, useAppPreferences } from './app-locale';

/** Dates, numbers and prices as the app's language writes them, in the account's time zone. */
export interface Formats {
  /** A day: "27 Nov 2026", "27.11.2026", "2026/11/27". */
  date(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  /** A day and a time of day. */
  dateTime(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** An amount in a currency's minor units (cents), with that currency's own decimals: 990 EUR → "9,90 €" in French. */
  price(minorUnits: number, currency: string): string;
}

/** How many decimals a currency has (EUR 2, JPY 0, KWD 3), as ISO 4217 and so `Intl` say. */
export function currencyDecimals(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatsFor(language: Locale, timeZone: string): Formats {
  const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
  const formatter = <F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F => {
    let made = cache.get(key) as F | undefined;
    if (!made) cache.set(key, (made = make()));
    return made;
  };
  const dateFormat = (options: Intl.DateTimeFormatOptions) =>
    formatter(`d${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(language, { timeZone, ...options }));
  const numberFormat = (options: Intl.NumberFormatOptions = {}) => formatter(`n${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));
  return {
    date: (value, options = { dateStyle: 'medium' }) => dateFormat(options).format(new Date(value)),
    dateTime: (value, options = { dateStyle: 'medium', timeStyle: 'short' }) => dateFormat(options).format(new Date(value)),
    number: (value, options) => numberFormat(options).format(value),
    price: (minorUnits, currency) => numberFormat({ style: 'currency', currency }).format(minorUnits / 10 ** currencyDecimals(currency)),
  };
}

/** The app's formats; the component renders again when the language or the time zone changes. */
export function useFormat(): Formats {
  const { locale, timeZone } = useAppPreferences();
  return useMemo(() => formatsFor(languageOf(locale), timeZone), [locale, timeZone]);
}
