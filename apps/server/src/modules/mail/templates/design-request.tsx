import { EmailButton, EmailFieldTable, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';

export interface DesignRequestMailData {
  requestId: string;
  kind: 'custom-design' | 'quote';
  /** The request as label/value rows (name, email, quantity, material…), in the form's order. */
  rows: [string, string][];
  fileCount: number;
}

const titles = { 'custom-design': 'New custom card request', quote: 'New quote request' } as const;

/** Sent to the operators for every custom design or quote request: what was asked and a link to the console. */
export function renderDesignRequestMail(data: DesignRequestMailData, links: { baseUrl: string }): RenderedMail {
  const url = `${links.baseUrl}/admin/requests`;
  const who = data.rows.find(([label]) => label === 'Name')?.[1] ?? 'Someone';
  const rows = data.rows.filter(([, value]) => value !== '');
  const files = data.fileCount > 0 ? `${data.fileCount} file(s) attached in the console.` : '';
  return {
    subject: `${titles[data.kind]}: ${who}`.replace(/[\r\n]+/g, ' ').slice(0, 200),
    html: renderEmailHtml({
      title: titles[data.kind],
      footer: 'You receive this email because you are an operator of this service.',
      children: (
        <>
          <EmailHeading>{titles[data.kind]}</EmailHeading>
          <EmailFieldTable rows={rows} />
          {files ? <EmailParagraph>{files}</EmailParagraph> : null}
          <p>
            <EmailButton href={url} label="Open the requests" />
          </p>
        </>
      ),
    }),
    text: `${titles[data.kind]}

${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}
${files ? `\n${files}\n` : ''}
Open the requests: ${url}
`,
  };
}
