import { defineMessages, type Translate } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** The integrations screen (Zapier, API keys, webhooks) and the OAuth consent page. */
export const integrationsMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type IntegrationsMessageId = keyof typeof english;
export type IntegrationsTranslate = Translate<IntegrationsMessageId>;
