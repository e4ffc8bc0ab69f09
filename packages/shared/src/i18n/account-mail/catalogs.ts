import type { Catalogs } from '../translations';
import { accountMailArabic } from './ar';
import { accountMailGerman } from './de';
import { accountMailEnglish, type AccountMailMessageId } from './en';
import { accountMailSpanish } from './es';
import { accountMailFrench } from './fr';
import { accountMailJapanese } from './ja';
import { accountMailBrazilianPortuguese } from './pt-BR';

export type { AccountMailMessageId } from './en';

/** The account mails' messages in every language the product speaks. */
export const accountMailCatalogs: Catalogs<AccountMailMessageId> = {
  en: accountMailEnglish,
  de: accountMailGerman,
  fr: accountMailFrench,
  es: accountMailSpanish,
  'pt-BR': accountMailBrazilianPortuguese,
  ja: accountMailJapanese,
  ar: accountMailArabic,
};
