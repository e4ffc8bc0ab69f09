import { defineMessages } from '../../../lib/i18n/messages';
import english from './messages/en.json';

/** The card editor: its page, tabs, settings, uploads, QR code panel and wallet pass tabs. */
export const editorMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});

export type EditorMessageId = keyof typeof english;
