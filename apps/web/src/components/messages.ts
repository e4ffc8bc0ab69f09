import { defineMessages } from '../lib/i18n/messages';
import english from './messages/en.json';

/**
 * The texts of the shared components themselves (a busy button's label, a dialog's Cancel, pagination, the
 * paid-feature overlay); what a screen passes in (titles, labels) is the screen's own. The spinner's default label
 * is the app shell's (lib/shell/shell-text.ts): the spinner is part of the first screen's JavaScript.
 */
export const uiMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));
