import { defineMessages, type Translate } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** The integrations screen (Zapier, API keys, webhooks) and the OAuth consent page. */
export const integrationsMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});

export type IntegrationsMessageId = keyof typeof english;
export type IntegrationsTranslate = Translate<IntegrationsMessageId>;
