import { defineMessages, type Translate } from '../../lib/i18n/messages';
import english from './messages/en.json';

export const scannerMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type ScannerMessageId = keyof typeof english;
export type ScannerTranslate = Translate<ScannerMessageId>;
