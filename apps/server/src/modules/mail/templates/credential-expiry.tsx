import { EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';

export interface CredentialExpiryMailData {
  /** What expires, as an operator calls it ("The Apple Wallet signing certificate"). */
  credentialLabel: string;
  /** The expiry, ISO 8601. */
  expiresAt: string;
  /** Whole days left when the warning was made (0 or less: expired). */
  daysLeft: number;
  /** Where the operator renews it (the configuration variables, the documentation page). */
  renewal: string;
}

/** Sent to the operators 30 and 7 days before a wallet credential expires, and when it has expired. */
export function renderCredentialExpiryMail(data: CredentialExpiryMailData): RenderedMail {
  const day = data.expiresAt.slice(0, 10);
  const when = data.daysLeft <= 0 ? `expired on ${day}` : `expires on ${day}, in ${data.daysLeft} day${data.daysLeft === 1 ? '' : 's'}`;
  const title = `${data.credentialLabel} ${when}`;
  const consequence =
    data.daysLeft <= 0
      ? 'Apple Wallet passes can no longer be signed or updated with it.'
      : 'Renew it before then, or new and updated Apple Wallet passes stop working.';
  return {
    subject: title.slice(0, 200),
    html: renderEmailHtml({
      title,
      footer: 'You receive this email because you are an operator of this service.',
      children: (
        <>
          <EmailHeading>{title}</EmailHeading>
          <EmailParagraph>{consequence}</EmailParagraph>
          <EmailParagraph>{data.renewal}</EmailParagraph>
        </>
      ),
    }),
    text: `${title}

${consequence}

${data.renewal}
`,
  };
}
