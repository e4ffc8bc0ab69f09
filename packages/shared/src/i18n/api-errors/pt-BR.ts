import { apiErrorsEnglish, type ApiErrorCatalog } from './en';

export const apiErrorsBrazilianPortuguese: ApiErrorCatalog = { ...apiErrorsEnglish };
