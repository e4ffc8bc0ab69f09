import type { Catalogs } from '../translations';
import { leadMailArabic } from './ar';
import { leadMailGerman } from './de';
import { leadMailEnglish, type LeadMailMessageId } from './en';
import { leadMailSpanish } from './es';
import { leadMailFrench } from './fr';
import { leadMailJapanese } from './ja';
import { leadMailBrazilianPortuguese } from './pt-BR';

export type { LeadMailMessageId } from './en';

/** The new-lead mail's messages in every language the product speaks. */
export const leadMailCatalogs: Catalogs<LeadMailMessageId> = {
  en: leadMailEnglish,
  de: leadMailGerman,
  fr: leadMailFrench,
  es: leadMailSpanish,
  'pt-BR': leadMailBrazilianPortuguese,
  ja: leadMailJapanese,
  ar: leadMailArabic,
};
