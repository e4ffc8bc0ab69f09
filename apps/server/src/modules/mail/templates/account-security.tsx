import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';

/* The account-security mails: password reset, address verification and the notice of an address change. */

const notYou = 'If you did not ask for this, ignore this email: nothing changes.';

/** A mail whose point is one link: greeting, what it is for, the button, and "not you? ignore it". */
function renderLinkMail(input: { subject: string; title: string; displayName: string; sentence: string; label: string; url: string }): RenderedMail {
  const greeting = input.displayName ? `Hi ${input.displayName},` : 'Hi,';
  return {
    subject: input.subject,
    html: renderEmailHtml({
      title: input.title,
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          <EmailParagraph>{input.sentence}</EmailParagraph>
          <p>
            <EmailButton href={input.url} label={input.label} />
          </p>
          <p style={{ fontSize: 13, color: '#52525b' }}>{notYou}</p>
        </>
      ),
    }),
    text: `${greeting}

${input.sentence}

${input.label}: ${input.url}

${notYou}
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
export function renderPasswordResetMail(data: PasswordResetMailData, links: { baseUrl: string }): RenderedMail {
  return renderLinkMail({
    subject: 'Reset your password',
    title: 'Reset your password',
    displayName: data.displayName,
    sentence: `Someone asked to reset the password of your account. The link works once, for ${data.expiresInMinutes} minutes. Choosing a new password signs you out everywhere else.`,
    label: 'Choose a new password',
    url: `${links.baseUrl}${data.linkPath}`,
  });
}

export interface VerifyEmailMailData {
  displayName: string;
  linkPath: string;
  /** True when the address is a new one for an existing account (an email change). */
  isChange: boolean;
}

/** Confirms that the address belongs to the person: after sign-up, and for the new address of an email change. */
export function renderVerifyEmailMail(data: VerifyEmailMailData, links: { baseUrl: string }): RenderedMail {
  return renderLinkMail({
    subject: data.isChange ? 'Confirm your new email address' : 'Confirm your email address',
    title: 'Confirm your email address',
    displayName: data.displayName,
    sentence: data.isChange
      ? 'Confirm this address to make it the sign-in email of your account. Until then your current address stays.'
      : 'Confirm your email address. Until then we send no invitations and no lead notifications on your behalf.',
    label: 'Confirm email address',
    url: `${links.baseUrl}${data.linkPath}`,
  });
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
