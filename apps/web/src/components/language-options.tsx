import { localeNames, locales } from '@cardstack/shared/i18n/locales';

/** The product's languages as a select's options, each named in itself (and marked as written in it). */
export function LanguageOptions() {
  return locales.map((locale) => (
    <option key={locale} value={locale} lang={locale}>
      {localeNames[locale]}
    </option>
  ));
}
