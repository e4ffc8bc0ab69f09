import { defineMessages } from '../../../lib/i18n/messages';
import english from './messages/en.json';

/**
 * The public card page's own words that the app shows too (the editor's live preview, the onboarding preview, the
 * QR code panel): copies of `packages/shared/src/i18n/public-page/<locale>.ts`, kept equal by page-text.test.ts,
 * so the browser gets them compiled rather than with the ICU parser the server uses.
 */
export const pageTextMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});

export type PageTextId = keyof typeof english;
