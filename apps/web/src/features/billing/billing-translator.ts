import { setupI18n, type Messages as LinguiMessages } from '@lingui/core';
import type { Locale } from '@cardstack/shared/i18n/locales';
import { billingMessages, type BillingTranslate } from './messages';

/**
 * The billing messages in `locale` outside a component (unit tests): the catalogs arrive compiled, as the build
 * and the unit tests' Vite plugin make them, and Lingui's runtime only interpolates.
 */
export async function billingTranslator(locale: Locale): Promise<BillingTranslate> {
  const catalog = locale === 'en' ? billingMessages.english : (await billingMessages.others[locale]()).default;
  const i18n = setupI18n({ locale, messages: { [locale]: catalog as unknown as LinguiMessages } });
  return (id, values) => i18n._(id, values);
}
