import { apiErrorsEnglish, type ApiErrorCatalog } from './en';

export const apiErrorsSpanish: ApiErrorCatalog = { ...apiErrorsEnglish };
