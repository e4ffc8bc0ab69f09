import { defineMessages } from '../../../../lib/i18n/messages';
import english from './messages/en.json';

/**
 * An Apple Wallet pass's labels (Name, Phone…), which a phone shows in its own language: copies of
 * `packages/shared/src/i18n/wallet-pass/<locale>.ts`, kept equal by pass-labels.test.ts, so the pass preview reads
 * them in the app's language without the ICU parser.
 */
export const passLabelMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));
