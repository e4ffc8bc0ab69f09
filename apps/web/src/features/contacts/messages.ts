import { defineMessages, type Translate } from '../../lib/i18n/messages';
import english from './messages/en.json';

export const contactsMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type ContactsMessageId = keyof typeof english;
export type ContactsTranslate = Translate<ContactsMessageId>;
