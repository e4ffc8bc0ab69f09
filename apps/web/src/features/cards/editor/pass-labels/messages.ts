import { defineMessages } from '../../../../lib/i18n/messages';
import english from './messages/en.json';

/**
 * An Apple Wallet pass's labels (Name, Phone…), which a phone shows in its own language: copies of
 * `packages/shared/src/i18n/wallet-pass/<locale>.ts`, kept equal by pass-labels.test.ts, so the pass preview reads
 * them in the app's language without the ICU parser.
 */
export const passLabelMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});
