import type { Catalogs } from '../translations';
import { publicPageArabic } from './ar';
import { publicPageGerman } from './de';
import { publicPageEnglish, type PublicPageMessageId } from './en';
import { publicPageSpanish } from './es';
import { publicPageFrench } from './fr';
import { publicPageJapanese } from './ja';
import { publicPageBrazilianPortuguese } from './pt-BR';

export type { PublicPageMessageId } from './en';

/** The public card page's messages in every language the product speaks. */
export const publicPageCatalogs: Catalogs<PublicPageMessageId> = {
  en: publicPageEnglish,
  de: publicPageGerman,
  fr: publicPageFrench,
  es: publicPageSpanish,
  'pt-BR': publicPageBrazilianPortuguese,
  ja: publicPageJapanese,
  ar: publicPageArabic,
};
