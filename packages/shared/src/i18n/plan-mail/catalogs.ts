import type { Catalogs } from '../translations';
import { planMailArabic } from './ar';
import { planMailGerman } from './de';
import { planMailEnglish, type PlanMailMessageId } from './en';
import { planMailSpanish } from './es';
import { planMailFrench } from './fr';
import { planMailJapanese } from './ja';
import { planMailBrazilianPortuguese } from './pt-BR';

export type { PlanMailMessageId } from './en';

/** The plan change mail's messages in every language the product speaks. */
export const planMailCatalogs: Catalogs<PlanMailMessageId> = {
  en: planMailEnglish,
  de: planMailGerman,
  fr: planMailFrench,
  es: planMailSpanish,
  'pt-BR': planMailBrazilianPortuguese,
  ja: planMailJapanese,
  ar: planMailArabic,
};
