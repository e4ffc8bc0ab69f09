import type { Catalogs } from '../translations';
import { invitationMailArabic } from './ar';
import { invitationMailGerman } from './de';
import { invitationMailEnglish, type InvitationMailMessageId } from './en';
import { invitationMailSpanish } from './es';
import { invitationMailFrench } from './fr';
import { invitationMailJapanese } from './ja';
import { invitationMailBrazilianPortuguese } from './pt-BR';

export type { InvitationMailMessageId } from './en';

/** The team invitation mail's messages in every language the product speaks. */
export const invitationMailCatalogs: Catalogs<InvitationMailMessageId> = {
  en: invitationMailEnglish,
  de: invitationMailGerman,
  fr: invitationMailFrench,
  es: invitationMailSpanish,
  'pt-BR': invitationMailBrazilianPortuguese,
  ja: invitationMailJapanese,
  ar: invitationMailArabic,
};
