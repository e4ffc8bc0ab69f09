import { defineMessages } from '../i18n/messages';
import english from './messages/en.json';

/** The toaster's own labels (lib/toaster.tsx); English = the toast library's. */
export const toasterMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));
