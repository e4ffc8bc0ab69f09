import { defineMessages } from '../i18n/messages';
import english from './messages/en.json';

/** The toaster's own labels (lib/toaster.tsx); English = the toast library's. */
export const toasterMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});
