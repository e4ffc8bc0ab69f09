import { defineMessages, type Translate } from '../../lib/i18n/messages';
import english from './messages/en.json';

export const insightsMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type InsightsMessageId = keyof typeof english;
export type InsightsTranslate = Translate<InsightsMessageId>;
