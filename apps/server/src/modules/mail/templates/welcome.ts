import { emailButton, emailLayout, escapeHtml, type RenderedMail } from './layout';

export interface WelcomeMailData {
  displayName: string;
}

/** Sent to a new customer who has no card yet: two calls to action, create a card and see the plans. */
export function renderWelcomeMail(data: WelcomeMailData, links: { baseUrl: string }): RenderedMail {
  const createCardUrl = `${links.baseUrl}/customize`;
  const plansUrl = `${links.baseUrl}/subscription`;
  const greeting = data.displayName ? `Hi ${data.displayName},` : 'Hi,';
  return {
    subject: 'Welcome! Create your first digital business card',
    html: emailLayout({
      title: 'Welcome',
      bodyHtml: `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(greeting)}</h1>
<p style="font-size:16px;line-height:1.5">Welcome aboard. You have no card yet: create your digital business card in a couple of minutes and share it by link, QR code or NFC.</p>
<p>${emailButton(createCardUrl, 'Create your card')}${emailButton(plansUrl, 'See plans')}</p>`,
    }),
    text: `${greeting}

Welcome aboard. You have no card yet: create your digital business card in a couple of minutes and share it by link, QR code or NFC.

Create your card: ${createCardUrl}
See plans: ${plansUrl}
`,
  };
}
