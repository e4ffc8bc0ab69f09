import { defineMessages, type Translate } from '../../lib/i18n/messages';
import english from './messages/en.json';

export const contactsMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});

export type ContactsMessageId = keyof typeof english;
export type ContactsTranslate = Translate<ContactsMessageId>;
