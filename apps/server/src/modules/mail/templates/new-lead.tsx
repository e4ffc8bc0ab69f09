import { EmailButton, EmailFieldTable, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';

export interface NewLeadMailData {
  contactId: string;
  /** The card the lead came through, as the contacts screen names it. */
  cardName: string;
  lead: { name: string; email: string; phone: string; company: string; message: string };
  /** When the visitor ticked the consent checkbox (ISO time), else null. */
  consentAt: string | null;
}

/** The address of the contact in the contacts screen (it opens the contact's details). */
export function contactLink(baseUrl: string, contactId: string): string {
  return `${baseUrl}/contacts?contact=${encodeURIComponent(contactId)}`;
}

/** Sent to a card's owner for each new lead (unless they turned it off): the lead's details and a link to it. */
export function renderNewLeadMail(data: NewLeadMailData, links: { baseUrl: string }): RenderedMail {
  const url = contactLink(links.baseUrl, data.contactId);
  const who = data.lead.name || data.lead.email || 'Someone';
  const rows: [string, string][] = (
    [
      ['Name', data.lead.name],
      ['Email', data.lead.email],
      ['Phone', data.lead.phone],
      ['Company', data.lead.company],
      ['Message', data.lead.message],
      ['Consent', data.consentAt ? `Given on ${data.consentAt.slice(0, 10)}` : ''],
    ] as [string, string][]
  ).filter(([, value]) => value !== '');
  const intro = `${who} left their details on your card “${data.cardName}”.`;
  return {
    subject: `New lead: ${who}`.replace(/[\r\n]+/g, ' ').slice(0, 200),
    html: renderEmailHtml({
      title: 'New lead',
      footer: 'You receive this email because someone used the lead form on your card. Turn these emails off in Settings.',
      children: (
        <>
          <EmailHeading>You have a new lead</EmailHeading>
          <EmailParagraph>{intro}</EmailParagraph>
          <EmailFieldTable rows={rows} />
          <p>
            <EmailButton href={url} label="Open the contact" />
          </p>
        </>
      ),
    }),
    text: `You have a new lead

${intro}

${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}

Open the contact: ${url}

Turn these emails off in Settings: ${links.baseUrl}/settings
`,
  };
}
