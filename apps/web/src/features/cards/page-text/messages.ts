import { defineMessages } from '../../../lib/i18n/messages';
import english from './messages/en.json';

/**
 * The public card page's own words that the app shows too (the editor's live preview, the onboarding preview, the
 * QR code panel): copies of `packages/shared/src/i18n/public-page/<locale>.ts`, kept equal by page-text.test.ts,
 * so the browser gets them compiled rather than with the ICU parser the server uses.
 */
export const pageTextMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type PageTextId = keyof typeof english;
