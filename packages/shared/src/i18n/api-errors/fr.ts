import { apiErrorsEnglish, type ApiErrorCatalog } from './en';

export const apiErrorsFrench: ApiErrorCatalog = { ...apiErrorsEnglish };
