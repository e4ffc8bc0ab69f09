import { defineMessages } from '../../../lib/i18n/messages';
import english from './messages/en.json';

/** The email signature dialog (a chunk of its own, loaded when it first opens), and the signature's own few words. */
export const signatureMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type SignatureMessageId = keyof typeof english;
