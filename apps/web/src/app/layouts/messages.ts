import { defineMessages } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** The signed-in layout's texts: the skip link, the main navigation (app/navigation.ts), sign-out, the confirm-email screen, and the offline banner and new-version offer (offline-status.tsx). */
export const layoutMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type LayoutMessageId = keyof typeof english;
