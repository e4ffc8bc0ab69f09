import type { Catalogs } from '../translations';
import { apiErrorsArabic } from './ar';
import { apiErrorsGerman } from './de';
import { apiErrorsEnglish, type ApiErrorMessageId } from './en';
import { apiErrorsSpanish } from './es';
import { apiErrorsFrench } from './fr';
import { apiErrorsJapanese } from './ja';
import { apiErrorsBrazilianPortuguese } from './pt-BR';

export type { ApiErrorMessageId } from './en';

/** The API's own refusals (AppError) in every language the product speaks; the server alone reads them. */
export const apiErrorCatalogs: Catalogs<ApiErrorMessageId> = {
  en: apiErrorsEnglish,
  de: apiErrorsGerman,
  fr: apiErrorsFrench,
  es: apiErrorsSpanish,
  'pt-BR': apiErrorsBrazilianPortuguese,
  ja: apiErrorsJapanese,
  ar: apiErrorsArabic,
};
