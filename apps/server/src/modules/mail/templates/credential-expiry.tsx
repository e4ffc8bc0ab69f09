import { EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import { anyRecipient, type MailRecipient } from './links';
import { operatorMailTextIn } from './operator-mail-text';

/** The wallet credentials whose expiry the operators are warned of. */
export type ExpiringCredential = 'apple-signing-certificate' | 'apple-apns-key';

export interface CredentialExpiryMailData {
  /** Which credential expires: the mail names it, and says how to renew it, in its reader's language. */
  credential?: ExpiringCredential;
  /** A mail queued before the texts were translated: what expires, as an operator calls it, in English. */
  credentialLabel?: string;
  /** The expiry, ISO 8601. */
  expiresAt: string;
  /** Whole days left when the warning was made (0 or less: expired). */
  daysLeft: number;
  /** A mail queued before the texts were translated: where the operator renews it, in English. */
  renewal?: string;
}

const texts = {
  'apple-signing-certificate': { label: 'signingCertificate', renewal: 'signingCertificateRenewal' },
  'apple-apns-key': { label: 'apnsKey', renewal: 'apnsKeyRenewal' },
} as const;

/**
 * Sent to the operators 30 and 7 days before a wallet credential expires, and when it has expired; in the
 * language of the operator's account, the day in their time zone.
 */
export function renderCredentialExpiryMail(data: CredentialExpiryMailData, _links: unknown, { locale, timeZone }: MailRecipient = anyRecipient): RenderedMail {
  const t = operatorMailTextIn(locale);
  const known = data.credential ? texts[data.credential] : undefined;
  const credential = known ? t(known.label) : (data.credentialLabel ?? '');
  const renewal = known ? t(known.renewal) : (data.renewal ?? '');
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(data.expiresAt));
  const title = data.daysLeft <= 0 ? t('credentialExpired', { credential, day }) : t('credentialExpires', { credential, day, days: data.daysLeft });
  const consequence = t(data.daysLeft <= 0 ? 'expiredConsequence' : 'expiringConsequence');
  return {
    subject: title.slice(0, 200),
    html: renderEmailHtml({
      locale,
      title,
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{title}</EmailHeading>
          <EmailParagraph>{consequence}</EmailParagraph>
          <EmailParagraph>{renewal}</EmailParagraph>
        </>
      ),
    }),
    text: `${title}

${consequence}

${renewal}
`,
  };
}
