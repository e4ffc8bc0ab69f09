import type { Locale } from '@cardstack/shared/i18n/locales';
import { translatorIn } from '../../lib/i18n/messages';
import { billingMessages, type BillingTranslate } from './messages';

/** The billing messages in `locale` outside a component (unit tests), compiled as the build makes them. */
export function billingTranslator(locale: Locale): Promise<BillingTranslate> {
  return translatorIn(billingMessages, locale);
}
