import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import { accountMailTextIn, greetingOf, type AccountMailText } from './account-mail-text';
import { anyRecipient, type MailRecipient } from './links';
import type { Locale } from '@cardstack/shared/i18n/locales';

/* The account-security mails: password reset, address verification and the notice of an address change. */

/** A mail whose point is one link: greeting, what it is for, the button, and "not you? ignore it". */
function renderLinkMail(
  input: { subject: string; title: string; displayName: string; sentence: string; label: string; url: string },
  t: AccountMailText,
  locale: Locale,
): RenderedMail {
  const greeting = greetingOf(input.displayName, t);
  return {
    subject: input.subject,
    html: renderEmailHtml({
      locale,
      title: input.title,
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          <EmailParagraph>{input.sentence}</EmailParagraph>
          <p>
            <EmailButton href={input.url} label={input.label} />
          </p>
          <p style={{ fontSize: 13, color: '#52525b' }}>{t('notYou')}</p>
        </>
      ),
    }),
    text: `${greeting}

${input.sentence}

${input.label}: ${input.url}

${t('notYou')}
`,
  };
}

export interface PasswordResetMailData {
  displayName: string;
  /** The single-use link below the site's address (the address is added when the mail is rendered). */
  linkPath: string;
  /** How long the link works, in minutes. */
  expiresInMinutes: number;
}

/** "Forgot password?": the single-use link to choose a new password. */
export function renderPasswordResetMail(data: PasswordResetMailData, links: { baseUrl: string }, { locale }: MailRecipient = anyRecipient): RenderedMail {
  const t = accountMailTextIn(locale);
  return renderLinkMail(
    {
      subject: t('resetSubject'),
      title: t('resetSubject'),
      displayName: data.displayName,
      sentence: t('resetText', { minutes: data.expiresInMinutes }),
      label: t('resetLabel'),
      url: `${links.baseUrl}${data.linkPath}`,
    },
    t,
    locale,
  );
}

export interface VerifyEmailMailData {
  displayName: string;
  linkPath: string;
  /** True when the address is a new one for an existing account (an email change). */
  isChange: boolean;
}

/** Confirms that the address belongs to the person: after sign-up, and for the new address of an email change. */
export function renderVerifyEmailMail(data: VerifyEmailMailData, links: { baseUrl: string }, { locale }: MailRecipient = anyRecipient): RenderedMail {
  const t = accountMailTextIn(locale);
  return renderLinkMail(
    {
      subject: data.isChange ? t('verifyChangeSubject') : t('verifySubject'),
      title: t('verifySubject'),
      displayName: data.displayName,
      sentence: data.isChange ? t('verifyChangeText') : t('verifyText'),
      label: t('verifyLabel'),
      url: `${links.baseUrl}${data.linkPath}`,
    },
    t,
    locale,
  );
}

export interface EmailChangeNoticeMailData {
  displayName: string;
  newEmail: string;
}

/** To the old address when an email change is requested: the owner learns of it even if it was not them. */
export function renderEmailChangeNoticeMail(data: EmailChangeNoticeMailData, links: { baseUrl: string }, { locale }: MailRecipient = anyRecipient): RenderedMail {
  const t = accountMailTextIn(locale);
  const greeting = greetingOf(data.displayName, t);
  const sentence = t('changeText', { newEmail: data.newEmail });
  const advice = t('changeAdvice');
  const url = `${links.baseUrl}/settings`;
  return {
    subject: t('changeSubject'),
    html: renderEmailHtml({
      locale,
      title: t('changeTitle'),
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          <EmailParagraph>{sentence}</EmailParagraph>
          <EmailParagraph>{advice}</EmailParagraph>
          <p>
            <EmailButton href={url} label={t('openSettings')} />
          </p>
        </>
      ),
    }),
    text: `${greeting}

${sentence}

${advice} ${url}
`,
  };
}
