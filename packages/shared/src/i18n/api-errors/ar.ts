import { apiErrorsEnglish, type ApiErrorCatalog } from './en';

export const apiErrorsArabic: ApiErrorCatalog = { ...apiErrorsEnglish };
