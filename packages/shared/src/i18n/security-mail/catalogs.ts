import type { Catalogs } from '../translations';
import { securityMailArabic } from './ar';
import { securityMailGerman } from './de';
import { securityMailEnglish, type SecurityMailMessageId } from './en';
import { securityMailSpanish } from './es';
import { securityMailFrench } from './fr';
import { securityMailJapanese } from './ja';
import { securityMailBrazilianPortuguese } from './pt-BR';

export type { SecurityMailMessageId } from './en';

/** The security notice's messages in every language the product speaks. */
export const securityMailCatalogs: Catalogs<SecurityMailMessageId> = {
  en: securityMailEnglish,
  de: securityMailGerman,
  fr: securityMailFrench,
  es: securityMailSpanish,
  'pt-BR': securityMailBrazilianPortuguese,
  ja: securityMailJapanese,
  ar: securityMailArabic,
};
