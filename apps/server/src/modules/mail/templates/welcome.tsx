import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';

export interface WelcomeMailData {
  displayName: string;
}

const invitation =
  'Welcome aboard. You have no card yet: create your digital business card in a couple of minutes and share it by link, QR code or NFC.';

/** Sent to a new customer who has no card yet: two calls to action, create a card and see the plans. */
export function renderWelcomeMail(data: WelcomeMailData, links: { baseUrl: string }): RenderedMail {
  const createCardUrl = `${links.baseUrl}/customize`;
  const plansUrl = `${links.baseUrl}/subscription`;
  const greeting = data.displayName ? `Hi ${data.displayName},` : 'Hi,';
  return {
    subject: 'Welcome! Create your first digital business card',
    html: renderEmailHtml({
      title: 'Welcome',
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          <EmailParagraph>{invitation}</EmailParagraph>
          <p>
            <EmailButton href={createCardUrl} label="Create your card" />
            <EmailButton href={plansUrl} label="See plans" />
          </p>
        </>
      ),
    }),
    text: `${greeting}

${invitation}

Create your card: ${createCardUrl}
See plans: ${plansUrl}
`,
  };
}
