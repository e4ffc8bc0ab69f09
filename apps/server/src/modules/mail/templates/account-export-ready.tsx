import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import { accountMailTextIn } from './account-mail-text';
import { anyRecipient, type MailRecipient } from './links';

export interface AccountExportReadyMailData {
  /** When the archive is deleted (ISO). */
  expiresAt: string;
}

/**
 * Sent when "Download my data" has built the archive. The link opens Settings, where the signed-in owner downloads
 * it: the mail carries no link that opens the archive by itself.
 */
export function renderAccountExportReadyMail(data: AccountExportReadyMailData, links: { baseUrl: string }, { locale, timeZone }: MailRecipient = anyRecipient): RenderedMail {
  const t = accountMailTextIn(locale);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(data.expiresAt));
  const url = `${links.baseUrl}/settings`;
  const text = t('exportReadyText', { day });
  return {
    subject: t('exportReadySubject'),
    html: renderEmailHtml({
      locale,
      title: t('exportReadySubject'),
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{t('exportReadySubject')}</EmailHeading>
          <EmailParagraph>{text}</EmailParagraph>
          <p>
            <EmailButton href={url} label={t('exportReadyLabel')} />
          </p>
        </>
      ),
    }),
    text: `${text}

${t('exportReadyLabel')}: ${url}
`,
  };
}
