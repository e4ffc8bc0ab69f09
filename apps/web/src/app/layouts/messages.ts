import { defineMessages } from '../../lib/i18n/messages';
import english from './messages/en.json';

/** The signed-in layout's texts: the skip link, the main navigation (app/navigation.ts), sign-out, the confirm-email screen, and the offline banner and new-version offer (offline-status.tsx). */
export const layoutMessages = defineMessages(english, {
  de: () => import('./messages/de.json'),
  fr: () => import('./messages/fr.json'),
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  ja: () => import('./messages/ja.json'),
  ar: () => import('./messages/ar.json'),
});

export type LayoutMessageId = keyof typeof english;
