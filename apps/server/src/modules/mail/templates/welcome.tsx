import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import { accountMailTextIn, greetingOf } from './account-mail-text';
import { anyRecipient, type MailRecipient } from './links';

export interface WelcomeMailData {
  displayName: string;
}

/** Sent to a new customer who has no card yet: two calls to action, create a card and see the plans. */
export function renderWelcomeMail(data: WelcomeMailData, links: { baseUrl: string }, { locale }: MailRecipient = anyRecipient): RenderedMail {
  const t = accountMailTextIn(locale);
  const createCardUrl = `${links.baseUrl}/customize`;
  const plansUrl = `${links.baseUrl}/subscription`;
  const greeting = greetingOf(data.displayName, t);
  return {
    subject: t('welcomeSubject'),
    html: renderEmailHtml({
      locale,
      title: t('welcomeTitle'),
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          <EmailParagraph>{t('welcomeText')}</EmailParagraph>
          <p>
            <EmailButton href={createCardUrl} label={t('createCard')} />
            <EmailButton href={plansUrl} label={t('seePlans')} />
          </p>
        </>
      ),
    }),
    text: `${greeting}

${t('welcomeText')}

${t('createCard')}: ${createCardUrl}
${t('seePlans')}: ${plansUrl}
`,
  };
}
