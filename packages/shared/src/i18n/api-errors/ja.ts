import { apiErrorsEnglish, type ApiErrorCatalog } from './en';

export const apiErrorsJapanese: ApiErrorCatalog = { ...apiErrorsEnglish };
