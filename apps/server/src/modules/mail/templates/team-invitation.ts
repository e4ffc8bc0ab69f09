import { emailButton, emailLayout, escapeHtml, type RenderedMail } from './layout';

export interface TeamInvitationMailData {
  inviterName: string;
  teamName: string;
  role: 'admin' | 'employee';
  /** `/invite/{token}`: the signed, expiring link (the site's address is added when the mail is rendered). */
  acceptPath: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

const roleNames = { admin: 'an admin', employee: 'an employee' } as const;

/** Sent when someone is invited into a team (and again on "resend"): the link to accept. */
export function renderTeamInvitationMail(data: TeamInvitationMailData, links: { baseUrl: string }): RenderedMail {
  const url = `${links.baseUrl}${data.acceptPath}`;
  const until = data.expiresAt.slice(0, 10);
  const sentence = `${data.inviterName} invited you to join ${data.teamName} as ${roleNames[data.role]}.`;
  return {
    subject: `${data.inviterName} invited you to join ${data.teamName}`,
    html: emailLayout({
      title: 'Team invitation',
      bodyHtml: `<h1 style="font-size:22px;margin:0 0 16px">You are invited</h1>
<p style="font-size:16px;line-height:1.5">${escapeHtml(sentence)}</p>
<p style="font-size:16px;line-height:1.5">Accept with your email and a password, or with Google. The link works until ${escapeHtml(until)}.</p>
<p>${emailButton(url, 'Accept invitation')}</p>
<p style="font-size:13px;color:#52525b">If you did not expect this, ignore this email.</p>`,
      footer: 'You receive this email because someone invited you to their team.',
    }),
    text: `${sentence}

Accept with your email and a password, or with Google. The link works until ${until}:
${url}

If you did not expect this, ignore this email.
`,
  };
}
