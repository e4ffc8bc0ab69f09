import { EmailButton, EmailFieldTable, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import { anyRecipient, type MailRecipient } from './links';
import { operatorMailTextIn, type OperatorMailText } from './operator-mail-text';

/** What was asked, field by field; the mail labels them in its reader's language. */
export interface DesignRequestFields {
  name: string;
  email: string;
  phone: string;
  company: string;
  notes: string;
  /** A custom design's. */
  quantity?: number;
  material?: string;
  finish?: string;
  /** A quote's. */
  cardCount?: number;
}

export interface DesignRequestMailData {
  requestId: string;
  kind: 'custom-design' | 'quote';
  request?: DesignRequestFields;
  /** A mail queued before the labels were translated: the request as English label/value rows. */
  rows?: [string, string][];
  fileCount: number;
}

const materialIds = { pvc: 'materialPvc', metal: 'materialMetal', wood: 'materialWood', recycled: 'materialRecycled' } as const;
const finishIds = { matte: 'finishMatte', glossy: 'finishGlossy', 'soft-touch': 'finishSoftTouch' } as const;

/** The request as label/value rows in the form's order, in the reader's language. */
function rowsOf(request: DesignRequestFields, t: OperatorMailText): [string, string][] {
  const named = <K extends string>(ids: Readonly<Record<K, Parameters<OperatorMailText>[0]>>, value: string) =>
    value in ids ? t(ids[value as K]) : value;
  const details: [string, string][] =
    request.cardCount !== undefined
      ? [[t('cardCount'), String(request.cardCount)]]
      : [
          [t('quantity'), request.quantity === undefined ? '' : String(request.quantity)],
          [t('material'), named(materialIds, request.material ?? '')],
          [t('finish'), named(finishIds, request.finish ?? '')],
        ];
  return [[t('name'), request.name], [t('email'), request.email], [t('phone'), request.phone], [t('company'), request.company], ...details, [t('notes'), request.notes]];
}

/**
 * Sent to the operators for every custom design or quote request: what was asked and a link to the console; in
 * the language of the operator's account.
 */
export function renderDesignRequestMail(data: DesignRequestMailData, links: { baseUrl: string }, { locale }: MailRecipient = anyRecipient): RenderedMail {
  const t = operatorMailTextIn(locale);
  const url = `${links.baseUrl}/admin/requests`;
  const title = t(data.kind === 'quote' ? 'quoteTitle' : 'customDesignTitle');
  const name = data.request?.name ?? data.rows?.find(([label]) => label === 'Name')?.[1] ?? '';
  const rows = (data.request ? rowsOf(data.request, t) : (data.rows ?? [])).filter(([, value]) => value !== '');
  const files = data.fileCount > 0 ? t('filesAttached', { count: data.fileCount }) : '';
  const subject = t(data.kind === 'quote' ? 'quoteSubject' : 'customDesignSubject', { name: name || t('someone') });
  return {
    subject: subject.replace(/[\r\n]+/g, ' ').slice(0, 200),
    html: renderEmailHtml({
      locale,
      title,
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{title}</EmailHeading>
          <EmailFieldTable rows={rows} />
          {files ? <EmailParagraph>{files}</EmailParagraph> : null}
          <p>
            <EmailButton href={url} label={t('openRequests')} />
          </p>
        </>
      ),
    }),
    text: `${title}

${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}
${files ? `\n${files}\n` : ''}
${t('openRequests')}: ${url}
`,
  };
}
