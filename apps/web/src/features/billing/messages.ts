import { defineMessages, type Translate } from '../../lib/i18n/messages';
import planChangeEnglish from '@cardstack/shared/i18n/plan-changes/messages/en.json';
import english from './messages/en.json';

/** The pricing screen, the plan cards, the checkout's return, the plan dialogs and the payment details. */
export const billingMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type BillingMessageId = keyof typeof english;
export type BillingTranslate = Translate<BillingMessageId>;

/** Whether `id` names a billing message (ids made from a plan's feature ids may name a line the catalog lacks). */
export function isBillingMessageId(id: string): id is BillingMessageId {
  return Object.hasOwn(billingMessages.english, id);
}

/** The downgrade lines, shared with the plan change mail (packages/shared/src/i18n/plan-changes). */
export const planChangeMessages = defineMessages(planChangeEnglish, {
  de: () => import('@cardstack/shared/i18n/plan-changes/messages/de.json'),
  fr: () => import('@cardstack/shared/i18n/plan-changes/messages/fr.json'),
  es: () => import('@cardstack/shared/i18n/plan-changes/messages/es.json'),
  'pt-BR': () => import('@cardstack/shared/i18n/plan-changes/messages/pt-BR.json'),
  ja: () => import('@cardstack/shared/i18n/plan-changes/messages/ja.json'),
  ar: () => import('@cardstack/shared/i18n/plan-changes/messages/ar.json'),
});
