import { defineMessages } from '../../../lib/i18n/messages';
import english from './messages/en.json';

/** The card editor: its page, tabs, settings, uploads, QR code panel and wallet pass tabs. */
export const editorMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type EditorMessageId = keyof typeof english;
