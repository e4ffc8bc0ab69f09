import type { Catalogs } from '../translations';
import { operatorMailArabic } from './ar';
import { operatorMailGerman } from './de';
import { operatorMailEnglish, type OperatorMailMessageId } from './en';
import { operatorMailSpanish } from './es';
import { operatorMailFrench } from './fr';
import { operatorMailJapanese } from './ja';
import { operatorMailBrazilianPortuguese } from './pt-BR';

export type { OperatorMailMessageId } from './en';

/** The operators' mails in every language the product speaks. */
export const operatorMailCatalogs: Catalogs<OperatorMailMessageId> = {
  en: operatorMailEnglish,
  de: operatorMailGerman,
  fr: operatorMailFrench,
  es: operatorMailSpanish,
  'pt-BR': operatorMailBrazilianPortuguese,
  ja: operatorMailJapanese,
  ar: operatorMailArabic,
};
