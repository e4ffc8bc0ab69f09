import { defineMessages, type Translate } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** The teams feature's texts: members, invitations, roles and permissions, bulk import, team cards, the invite page. */
export const teamMessages = defineMessages(english, import.meta.glob(['./messages/*.json', '!**/en.json']));

export type TeamMessageId = keyof typeof english;
export type TeamTranslate = Translate<TeamMessageId>;
