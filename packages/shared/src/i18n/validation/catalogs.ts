import type { Catalogs } from '../translations';
import type { ValidationMessageId } from '../keyed';
import arabic from './messages/ar.json';
import german from './messages/de.json';
import english from './messages/en.json';
import spanish from './messages/es.json';
import french from './messages/fr.json';
import japanese from './messages/ja.json';
import brazilianPortuguese from './messages/pt-BR.json';

/**
 * The shared schemas' messages in every language, for the server (`keyed-text.ts`) and the catalog test. The
 * SPA does not import this: it loads one language at a time (`apps/web/src/lib/validation-messages.ts`).
 */
export const validationCatalogs: Catalogs<ValidationMessageId> = {
  en: english,
  de: german,
  fr: french,
  es: spanish,
  'pt-BR': brazilianPortuguese,
  ja: japanese,
  ar: arabic,
};
