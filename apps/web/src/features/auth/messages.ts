import { defineMessages } from '../../lib/i18n/messages';
import english from './messages/en.json';

/**
 * The sign-in screens' texts (sign in, register, password reset, two-factor, passkeys, Google), and the auth
 * errors' messages by code (`error.<code>`, English = `authErrorMessages` of packages/shared/src/auth/auth-errors.ts).
 */
export const authMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type AuthMessageId = keyof typeof english;
