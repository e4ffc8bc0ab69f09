import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import type { InvitationLinkClaims, MailLinks } from './links';

export interface TeamInvitationMailData {
  inviterName: string;
  teamName: string;
  role: 'admin' | 'employee';
  /** The link's claims; the link itself is signed when the mail is sent. */
  invitation: InvitationLinkClaims;
  /** ISO time the link stops working. */
  expiresAt: string;
}

const roleNames = { admin: 'an admin', employee: 'an employee' } as const;

const notExpected = 'If you did not expect this, ignore this email.';

/** Sent when someone is invited into a team (and again on "resend"): the link to accept. */
export function renderTeamInvitationMail(data: TeamInvitationMailData, links: MailLinks): RenderedMail {
  const url = `${links.baseUrl}${links.invitationPath(data.invitation)}`;
  const until = data.expiresAt.slice(0, 10);
  const sentence = `${data.inviterName} invited you to join ${data.teamName} as ${roleNames[data.role]}.`;
  const howTo = `Accept with your email and a password, or with Google. The link works until ${until}`;
  return {
    subject: `${data.inviterName} invited you to join ${data.teamName}`,
    html: renderEmailHtml({
      title: 'Team invitation',
      footer: 'You receive this email because someone invited you to their team.',
      children: (
        <>
          <EmailHeading>You are invited</EmailHeading>
          <EmailParagraph>{sentence}</EmailParagraph>
          <EmailParagraph>{`${howTo}.`}</EmailParagraph>
          <p>
            <EmailButton href={url} label="Accept invitation" />
          </p>
          <p style={{ fontSize: 13, color: '#52525b' }}>{notExpected}</p>
        </>
      ),
    }),
    text: `${sentence}

${howTo}:
${url}

${notExpected}
`,
  };
}
