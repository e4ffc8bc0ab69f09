import english from './messages/en.json';

/*
 * The validation messages as the SPA loads them (apps/web/src/lib/validation-messages.ts): English with the
 * module that imports this, every other language a chunk of its own, fetched the first time the app needs it. The
 * SPA's build compiles each JSON catalog for Lingui's runtime (apps/web/compiled-catalogs.ts), so the browser gets
 * no ICU parser; the server reads the same files through `catalogs.ts`.
 */

export const validationEnglish = english;

export const validationLoaders = {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
};
