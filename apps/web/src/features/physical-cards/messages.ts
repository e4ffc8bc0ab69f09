import { defineMessages } from '../../lib/i18n/messages';
import english from './messages/en.json';

export const physicalCardMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));
