import { defineMessages } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** Settings → General, the settings' tabs, and the access review after a password reset (/password-changed). */
export const settingsMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type SettingsMessageId = keyof typeof english;
