import { apiErrorsEnglish, type ApiErrorCatalog } from './en';

export const apiErrorsGerman: ApiErrorCatalog = { ...apiErrorsEnglish };
