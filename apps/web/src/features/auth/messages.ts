import { defineMessages } from '../../lib/i18n/messages';
import english from './messages/en.json';

/**
 * The sign-in screens' texts (sign in, register, password reset, two-factor, passkeys, Google), and the auth
 * errors' messages by code (`error.<code>`, English = `authErrorMessages` of packages/shared/src/auth/auth-errors.ts).
 */
export const authMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});

export type AuthMessageId = keyof typeof english;
