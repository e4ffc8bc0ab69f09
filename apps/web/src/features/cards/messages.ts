import { defineMessages } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** The cards list, its tiles and dialogs, the card actions' toasts and the onboarding walk. */
export const cardsMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});
