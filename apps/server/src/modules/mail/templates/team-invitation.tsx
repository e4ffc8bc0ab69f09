import { invitationMailCatalogs } from '@cardstack/shared/i18n/invitation-mail/catalogs';
import { isLocale } from '@cardstack/shared/i18n/locales';
import { createTranslations } from '@cardstack/shared/i18n/translations';
import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import { anyRecipient, type InvitationLinkClaims, type MailLinks, type MailRecipient } from './links';

export interface TeamInvitationMailData {
  inviterName: string;
  /** In English ("Olivia’s team"): the mails queued before `teamOwnerName` was kept read it. */
  teamName: string;
  /** The team owner's name, or null when the owner is gone; the team's name is made from it in the mail's language. */
  teamOwnerName?: string | null;
  role: 'admin' | 'employee';
  /** The link's claims; the link itself is signed when the mail is sent. */
  invitation: InvitationLinkClaims;
  /** ISO time the link stops working. */
  expiresAt: string;
  /** The language the inviter chose for it (the invitee has no account to have one yet). */
  locale?: string;
}

const invitationMailTextIn = createTranslations(invitationMailCatalogs);

/** Sent when someone is invited into a team (and again on "resend"): the link to accept, in the inviter's choice of language. */
export function renderTeamInvitationMail(data: TeamInvitationMailData, links: MailLinks, recipient: MailRecipient = anyRecipient): RenderedMail {
  const locale = data.locale && isLocale(data.locale) ? data.locale : recipient.locale;
  const t = invitationMailTextIn(locale);
  const url = `${links.baseUrl}${links.invitationPath(data.invitation)}`;
  const until = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(data.expiresAt));
  const team = data.teamOwnerName === undefined ? data.teamName : data.teamOwnerName === null ? t('someTeam') : t('teamOf', { owner: data.teamOwnerName });
  const sentence = t('sentence', { inviter: data.inviterName, team, role: data.role });
  const howTo = t('howTo', { date: until });
  return {
    subject: t('subject', { inviter: data.inviterName, team }).replace(/[\r\n]+/g, ' '),
    html: renderEmailHtml({
      locale,
      title: t('title'),
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{t('heading')}</EmailHeading>
          <EmailParagraph>{sentence}</EmailParagraph>
          <EmailParagraph>{howTo}</EmailParagraph>
          <p>
            <EmailButton href={url} label={t('accept')} />
          </p>
          <p style={{ fontSize: 13, color: '#52525b' }}>{t('notExpected')}</p>
        </>
      ),
    }),
    text: `${sentence}

${howTo}
${url}

${t('notExpected')}
`,
  };
}
