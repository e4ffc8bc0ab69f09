import { defineMessages } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** The cards list, its tiles and dialogs, the card actions' toasts and the onboarding walk. */
export const cardsMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));
