import { planMailCatalogs } from '@cardstack/shared/i18n/plan-mail/catalogs';
import { impactMessage, planChangeCatalogs } from '@cardstack/shared/i18n/plan-changes/catalogs';
import { createTranslations } from '@cardstack/shared/i18n/translations';
import type { DowngradeImpact } from '@cardstack/shared/plans/downgrade';
import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import { anyRecipient, type MailRecipient } from './links';

export interface DowngradeScheduledMailData {
  fromPlan: string;
  toPlan: string;
  /** ISO time the paid period ends and the changes happen. */
  effectiveAt: string;
  /**
   * The lines of the downgrade dialog the person confirmed, said in the reader's language when the mail is sent.
   * A plain string is a line of a mail queued before the lines were translated.
   */
  impacts: (string | Pick<DowngradeImpact, 'text' | 'features' | 'effect' | 'keptCards'>)[];
}

const planMailTextIn = createTranslations(planMailCatalogs);
const impactLineIn = createTranslations(planChangeCatalogs);

function impactLine(impact: DowngradeScheduledMailData['impacts'][number], locale: MailRecipient['locale']): string {
  if (typeof impact === 'string') return impact;
  const message = impactMessage(impact);
  return message ? impactLineIn(locale)(message.id, message.values) : impact.text;
}

/** Sent when a downgrade is confirmed: what will change and when, and how to keep the plan; in the reader's language. */
export function renderDowngradeScheduledMail(data: DowngradeScheduledMailData, links: { baseUrl: string }, { locale, timeZone }: MailRecipient = anyRecipient): RenderedMail {
  const t = planMailTextIn(locale);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(data.effectiveAt));
  const url = `${links.baseUrl}/subscription`;
  const plans = { fromPlan: data.fromPlan, toPlan: data.toPlan, day };
  const intro = t('intro', plans);
  const keep = t('keep', plans);
  const impacts = data.impacts.map((impact) => impactLine(impact, locale));
  return {
    subject: t('subject', plans),
    html: renderEmailHtml({
      locale,
      title: t('title'),
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{t('title')}</EmailHeading>
          <EmailParagraph>{intro}</EmailParagraph>
          <ul style={{ fontSize: 15, lineHeight: 1.5, margin: '0 0 16px', paddingLeft: 20 }}>
            {impacts.map((impact) => (
              <li key={impact}>{impact}</li>
            ))}
          </ul>
          <EmailParagraph>{keep}</EmailParagraph>
          <p>
            <EmailButton href={url} label={t('review')} />
          </p>
        </>
      ),
    }),
    text: `${intro}

${impacts.map((impact) => `- ${impact}`).join('\n')}

${keep}
${url}
`,
  };
}
