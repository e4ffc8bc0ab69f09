import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';

export interface DowngradeScheduledMailData {
  fromPlan: string;
  toPlan: string;
  /** ISO time the paid period ends and the changes happen. */
  effectiveAt: string;
  /** The lines of the downgrade dialog the person confirmed, as shown. */
  impacts: string[];
}

/** Sent when a downgrade is confirmed: what will change and when, and how to keep the plan. */
export function renderDowngradeScheduledMail(data: DowngradeScheduledMailData, links: { baseUrl: string }): RenderedMail {
  const day = data.effectiveAt.slice(0, 10);
  const url = `${links.baseUrl}/subscription`;
  const intro = `Your ${data.fromPlan} plan ends on ${day}. From then on you are on ${data.toPlan}, and this happens:`;
  const keep = `Changed your mind? Choose ${data.fromPlan} again before ${day} and nothing changes.`;
  return {
    subject: `Your plan changes to ${data.toPlan} on ${day}`,
    html: renderEmailHtml({
      title: 'Your plan is changing',
      footer: 'You receive this email because you downgraded your plan.',
      children: (
        <>
          <EmailHeading>Your plan is changing</EmailHeading>
          <EmailParagraph>{intro}</EmailParagraph>
          <ul style={{ fontSize: 15, lineHeight: 1.5, margin: '0 0 16px', paddingLeft: 20 }}>
            {data.impacts.map((impact) => (
              <li key={impact}>{impact}</li>
            ))}
          </ul>
          <EmailParagraph>{keep}</EmailParagraph>
          <p>
            <EmailButton href={url} label="Review your plan" />
          </p>
        </>
      ),
    }),
    text: `${intro}

${data.impacts.map((impact) => `- ${impact}`).join('\n')}

${keep}
${url}
`,
  };
}
