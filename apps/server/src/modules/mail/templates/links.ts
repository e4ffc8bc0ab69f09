import type { Locale } from '@cardstack/shared/i18n/locales';

/**
 * What an invitation link stands for. None of it is secret: the link's token is these values signed with the
 * server's key, made only when the mail is rendered for sending, so the outbox never holds a usable link.
 */
export interface InvitationLinkClaims {
  id: string;
  email: string;
  role: 'admin' | 'employee';
  invitedBy: string;
  teamOwnerId: string;
  /** ms since the epoch. */
  expiresAt: number;
}

/** What templates build links from when a mail is rendered for sending. */
export interface MailLinks {
  baseUrl: string;
  /** `/invite/{token}` for an invitation: the teams module signs it (the composition root hands it in). */
  invitationPath(claims: InvitationLinkClaims): string;
}

/** Whom a mail is rendered for: the language and time zone of the account with the address (English, UTC else). */
export interface MailRecipient {
  locale: Locale;
  timeZone: string;
}

export const anyRecipient: MailRecipient = { locale: 'en', timeZone: 'UTC' };
