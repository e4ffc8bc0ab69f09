import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';

/* The account-security mails: password reset, address verification and the notice of an address change. */

const notYou = 'If you did not ask for this, ignore this email: nothing changes.';

export interface PasswordResetMailData {
  displayName: string;
  /** The single-use link below the site's address (the address is added when the mail is rendered). */
  linkPath: string;
  /** How long the link works, in minutes. */
  expiresInMinutes: number;
}

/** "Forgot password?": the single-use link to choose a new password. */
export function renderPasswordResetMail(data: PasswordResetMailData, links: { baseUrl: string }): RenderedMail {
  const url = `${links.baseUrl}${data.linkPath}`;
  const greeting = data.displayName ? `Hi ${data.displayName},` : 'Hi,';
  const sentence = `Someone asked to reset the password of your account. The link works once, for ${data.expiresInMinutes} minutes. Choosing a new password signs you out everywhere else.`;
  return {
    subject: 'Reset your password',
    html: renderEmailHtml({
      title: 'Reset your password',
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          <EmailParagraph>{sentence}</EmailParagraph>
          <p>
            <EmailButton href={url} label="Choose a new password" />
          </p>
          <p style={{ fontSize: 13, color: '#52525b' }}>{notYou}</p>
        </>
      ),
    }),
    text: `${greeting}

${sentence}

Choose a new password: ${url}

${notYou}
`,
  };
}

export interface VerifyEmailMailData {
  displayName: string;
  linkPath: string;
  /** True when the address is a new one for an existing account (an email change). */
  isChange: boolean;
}

/** Confirms that the address belongs to the person: after sign-up, and for the new address of an email change. */
export function renderVerifyEmailMail(data: VerifyEmailMailData, links: { baseUrl: string }): RenderedMail {
  const url = `${links.baseUrl}${data.linkPath}`;
  const greeting = data.displayName ? `Hi ${data.displayName},` : 'Hi,';
  const sentence = data.isChange
    ? 'Confirm this address to make it the sign-in email of your account. Until then your current address stays.'
    : 'Confirm your email address. Until then we send no invitations and no lead notifications on your behalf.';
  return {
    subject: data.isChange ? 'Confirm your new email address' : 'Confirm your email address',
    html: renderEmailHtml({
      title: 'Confirm your email address',
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          <EmailParagraph>{sentence}</EmailParagraph>
          <p>
            <EmailButton href={url} label="Confirm email address" />
          </p>
          <p style={{ fontSize: 13, color: '#52525b' }}>{notYou}</p>
        </>
      ),
    }),
    text: `${greeting}

${sentence}

Confirm email address: ${url}

${notYou}
`,
  };
}

export interface EmailChangeNoticeMailData {
  displayName: string;
  newEmail: string;
}

/** To the old address when an email change is requested: the owner learns of it even if it was not them. */
export function renderEmailChangeNoticeMail(data: EmailChangeNoticeMailData, links: { baseUrl: string }): RenderedMail {
  const greeting = data.displayName ? `Hi ${data.displayName},` : 'Hi,';
  const sentence = `Someone signed in to your account asked to change its email address to ${data.newEmail}. The change happens once that address is confirmed.`;
  const advice = 'If this was not you, sign in and change your password now:';
  const url = `${links.baseUrl}/settings`;
  return {
    subject: 'Your email address is being changed',
    html: renderEmailHtml({
      title: 'Email address change',
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          <EmailParagraph>{sentence}</EmailParagraph>
          <EmailParagraph>{advice}</EmailParagraph>
          <p>
            <EmailButton href={url} label="Open settings" />
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
