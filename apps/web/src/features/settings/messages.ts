import { defineMessages } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** Settings → General, the settings' tabs, and the access review after a password reset (/password-changed). */
export const settingsMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});

export type SettingsMessageId = keyof typeof english;
