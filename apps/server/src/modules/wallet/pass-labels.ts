import { locales, type Locale } from '@cardstack/shared/i18n/locales';
import { walletPassCatalogs } from '@cardstack/shared/i18n/wallet-pass/catalogs';
import { createTranslations } from '@cardstack/shared/i18n/translations';
import type { PassContent, PassField } from '@cardstack/shared/wallet/pass-content';

/*
 * A pass's labels in the language of the phone that holds it: one pass for everyone, carrying every language. An
 * Apple pass as a `{language}.lproj/pass.strings` whose keys are the English labels in pass.json (a phone in a
 * language the pass lacks shows those); a Google pass as translated values of its class's labels
 * (google-wallet.ts).
 */

/** The pass's words in a language. */
export const passTextIn = createTranslations(walletPassCatalogs);

/** A field's label in a language ("Telefon 2"). */
export function passLabelIn(field: Pick<PassField, 'labelId' | 'number'>, locale: Locale): string {
  const t = passTextIn(locale);
  return field.number === undefined ? t(field.labelId) : t('numbered', { label: t(field.labelId), number: field.number });
}

const fieldsOf = (content: PassContent) => [...content.header, ...content.primary, ...content.secondary, ...content.auxiliary, ...content.details, ...content.back];
const translatedLocales = locales.filter((locale) => locale !== 'en');

/** Apple's pass.strings by language (folder name): each English label on the pass, as that language says it. */
export function applePassStrings(content: PassContent): Record<string, Record<string, string>> {
  return Object.fromEntries(
    translatedLocales.map((locale) => [locale, Object.fromEntries(fieldsOf(content).map((field) => [field.label, passLabelIn(field, locale)]))]),
  );
}
