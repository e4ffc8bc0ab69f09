import { leadMailCatalogs } from '@cardstack/shared/i18n/lead-mail/catalogs';
import type { Locale } from '@cardstack/shared/i18n/locales';
import { createTranslations } from '@cardstack/shared/i18n/translations';
import { EmailButton, EmailFieldTable, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import { anyRecipient, type MailRecipient } from './links';

export interface NewLeadMailData {
  contactId: string;
  /** The card the lead came through, as the contacts screen names it. */
  cardName: string;
  lead: { name: string; email: string; phone: string; company: string; message: string };
  /** When the visitor ticked the consent checkbox (ISO time), else null. */
  consentAt: string | null;
}

const leadMailTextIn = createTranslations(leadMailCatalogs);

/** The address of the contact in the contacts screen (it opens the contact's details). */
export function contactLink(baseUrl: string, contactId: string): string {
  return `${baseUrl}/contacts?contact=${encodeURIComponent(contactId)}`;
}

/** A day as the owner reads dates: in their language and time zone ("27. November 2026"). */
function dayIn(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/**
 * Sent to a card's owner for each new lead (unless they turned it off), in the owner's language and time zone:
 * the lead's details and a link to it.
 */
export function renderNewLeadMail(data: NewLeadMailData, links: { baseUrl: string }, { locale, timeZone }: MailRecipient = anyRecipient): RenderedMail {
  const t = leadMailTextIn(locale);
  const url = contactLink(links.baseUrl, data.contactId);
  const who = data.lead.name || data.lead.email || t('someone');
  const rows: [string, string][] = (
    [
      [t('name'), data.lead.name],
      [t('email'), data.lead.email],
      [t('phone'), data.lead.phone],
      [t('company'), data.lead.company],
      [t('message'), data.lead.message],
      [t('consent'), data.consentAt ? t('consentGiven', { date: dayIn(data.consentAt, locale, timeZone) }) : ''],
    ] as [string, string][]
  ).filter(([, value]) => value !== '');
  const intro = t('intro', { who, cardName: data.cardName });
  return {
    subject: t('subject', { who }).replace(/[\r\n]+/g, ' ').slice(0, 200),
    html: renderEmailHtml({
      locale,
      title: t('title'),
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{t('heading')}</EmailHeading>
          <EmailParagraph>{intro}</EmailParagraph>
          <EmailFieldTable rows={rows} />
          <p>
            <EmailButton href={url} label={t('openContact')} />
          </p>
        </>
      ),
    }),
    text: `${t('heading')}

${intro}

${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}

${t('openContact')}: ${url}

${t('turnOff')}: ${links.baseUrl}/settings
`,
  };
}
