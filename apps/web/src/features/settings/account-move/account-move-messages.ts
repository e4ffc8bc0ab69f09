import { defineMessages } from '../../../lib/i18n/messages';
import english from './messages/en.json';

/** Settings → General, "This account moved": its own catalog (the panel's texts load with it). */
export const accountMoveMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));
