import { defineMessages, type Translate } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** The teams feature's texts: members, invitations, roles and permissions, bulk import, team cards, the invite page. */
export const teamMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});

export type TeamMessageId = keyof typeof english;
export type TeamTranslate = Translate<TeamMessageId>;
