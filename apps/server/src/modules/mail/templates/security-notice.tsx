import type { ReactNode } from 'react';
import { securityMailCatalogs, type SecurityMailMessageId } from '@cardstack/shared/i18n/security-mail/catalogs';
import { createTranslations, type Translate } from '@cardstack/shared/i18n/translations';
import { accountMailTextIn, greetingOf } from './account-mail-text';
import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';
import { anyRecipient, type MailRecipient } from './links';

/*
 * The security notice: a change to how the account can be signed in to or reached from outside, mailed to the
 * account's address when it happens, so an owner whose account someone else took over learns of it and knows
 * what to do.
 */

export type SecurityChange =
  | 'password-changed'
  | 'two-factor-disabled'
  | 'sign-in-method-added'
  | 'sign-in-method-removed'
  | 'api-key-created'
  | 'app-connected';

export type SignInMethod = 'google' | 'passkey' | 'password';

/** What still reaches the account after a password reset (the reset already ended every session). */
export interface RemainingAccess {
  apiKeys: { name: string; createdAt: string; lastUsedAt: string | null }[];
  apps: { name: string; connectedAt: string }[];
  webhooks: { host: string; events: string[] }[];
}

/**
 * What happened. `detail` names the thing the change is about: the API key's or the passkey's name, the app
 * (the app's name is the subject of "app-connected"), the Google address.
 */
export type SecurityNotice = { displayName: string; detail?: string } & (
  | { change: 'sign-in-method-added' | 'sign-in-method-removed'; method: SignInMethod }
  | {
      change: 'password-changed';
      /** Set for a reset through "Forgot password?": the mail then lists what still has access. */
      remainingAccess?: RemainingAccess;
    }
  | { change: 'two-factor-disabled' | 'api-key-created' | 'app-connected' }
);

/** As stored in the outbox: the notice and when the change happened (the mail may go out later). */
export type SecurityNoticeMailData = SecurityNotice & { occurredAt: string };

/** The `detail` of a two-factor reset by the operator (the operator console); the notice says it in the reader's language. */
export const operatorResetDetail = 'The operator of this service turned it off, removed your passkeys and signed out every device, to help you back into your account.';

type SecurityText = Translate<SecurityMailMessageId>;
const securityTextIn = createTranslations(securityMailCatalogs);

const addedSubjects = { google: 'googleAdded', passkey: 'passkeyAdded', password: 'passwordAdded' } as const;
const removedSubjects = { google: 'googleRemoved', passkey: 'passkeyRemoved', password: 'passwordRemoved' } as const;

export function securityNoticeSubject(notice: SecurityNotice, t: SecurityText = securityTextIn('en')): string {
  switch (notice.change) {
    case 'password-changed':
      return t('passwordChanged');
    case 'two-factor-disabled':
      return t('twoFactorDisabled');
    case 'sign-in-method-added':
      return t(addedSubjects[notice.method]);
    case 'sign-in-method-removed':
      return t(removedSubjects[notice.method]);
    case 'api-key-created':
      return t('apiKeyCreated');
    case 'app-connected':
      return t('appConnected', { app: notice.detail ?? t('someApp') });
  }
}

/** A moment as the reader reads it: in their language and time zone, with the zone named ("Mar 8, 2025, 2:02 PM UTC"). */
export function momentFor(iso: string, { locale, timeZone }: MailRecipient): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(new Date(iso));
}

/** What happened, in one or two sentences, with the time. */
function whatHappened(notice: SecurityNotice, at: string, t: SecurityText): string {
  const detail = notice.detail;
  switch (notice.change) {
    case 'password-changed':
      return notice.remainingAccess ? t('passwordResetText', { at }) : t('passwordChangedText', { at });
    case 'two-factor-disabled':
      return detail === operatorResetDetail ? t('twoFactorResetByOperatorText', { at }) : t('twoFactorDisabledText', { at });
    case 'sign-in-method-added':
      if (notice.method === 'google') return detail ? t('googleAccountAddedText', { account: detail, at }) : t('googleAddedText', { at });
      if (notice.method === 'passkey') return detail ? t('namedPasskeyAddedText', { name: detail, at }) : t('passkeyAddedText', { at });
      return t('passwordAddedText', { at });
    case 'sign-in-method-removed':
      if (notice.method === 'google') return detail ? t('googleAccountRemovedText', { account: detail, at }) : t('googleRemovedText', { at });
      if (notice.method === 'passkey') return detail ? t('namedPasskeyRemovedText', { name: detail, at }) : t('passkeyRemovedText', { at });
      return t('passwordRemovedText', { at });
    case 'api-key-created':
      return detail ? t('namedApiKeyCreatedText', { name: detail, at }) : t('apiKeyCreatedText', { at });
    case 'app-connected':
      return t('appConnectedText', { app: detail ?? t('someApp'), at });
  }
}

/** The lists of the reset variant, as lines (the same words in both parts). */
function accessGroups(access: RemainingAccess, t: SecurityText, recipient: MailRecipient): { title: string; lines: string[] }[] {
  const moment = (iso: string) => momentFor(iso, recipient);
  return [
    {
      title: t('apiKeys'),
      lines: access.apiKeys.map((key) =>
        key.lastUsedAt
          ? t('apiKeyLine', { name: key.name, created: moment(key.createdAt), used: moment(key.lastUsedAt) })
          : t('unusedApiKeyLine', { name: key.name, created: moment(key.createdAt) }),
      ),
    },
    { title: t('connectedApps'), lines: access.apps.map((app) => t('appLine', { name: app.name, connected: moment(app.connectedAt) })) },
    { title: t('webhooks'), lines: access.webhooks.map((hook) => `${hook.host} — ${hook.events.join(', ')}`) },
    { title: t('signedInDevices'), lines: [t('noDevices')] },
  ].map((group) => ({ ...group, lines: group.lines.length > 0 ? group.lines : [t('none')] }));
}

const listStyle = { fontSize: 15, lineHeight: 1.5, margin: '0 0 16px', paddingLeft: 20 } as const;

export function renderSecurityNoticeMail(data: SecurityNoticeMailData, links: { baseUrl: string }, recipient: MailRecipient = anyRecipient): RenderedMail {
  const { locale } = recipient;
  const t = securityTextIn(locale);
  const greeting = greetingOf(data.displayName, accountMailTextIn(locale));
  const subject = securityNoticeSubject(data, t);
  const sentence = whatHappened(data, momentFor(data.occurredAt, recipient), t);
  const forgotUrl = `${links.baseUrl}/forgot-password`;
  const settingsUrl = `${links.baseUrl}/settings`;
  const reviewUrl = `${links.baseUrl}/password-changed`;
  const groups = data.change === 'password-changed' && data.remainingAccess ? accessGroups(data.remainingAccess, t, recipient) : null;

  let body: ReactNode = <EmailParagraph>{sentence}</EmailParagraph>;
  if (groups) {
    body = (
      <>
        {body}
        <EmailParagraph>{t('stillAccess')}</EmailParagraph>
        {groups.map((group) => (
          <div key={group.title}>
            <p style={{ fontSize: 15, fontWeight: 'bold', margin: '0 0 4px' }}>{group.title}</p>
            <ul style={listStyle}>
              {group.lines.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          </div>
        ))}
        <p>
          <EmailButton href={reviewUrl} label={t('reviewAccess')} />
        </p>
      </>
    );
  }
  const groupsText = groups
    ? `\n${t('stillAccess')}\n\n${groups.map((group) => `${group.title}:\n${group.lines.map((line) => `- ${line}`).join('\n')}`).join('\n\n')}\n\n${t('reviewAccess')}: ${reviewUrl}\n`
    : '';
  return {
    subject,
    html: renderEmailHtml({
      locale,
      title: subject,
      footer: t('footer'),
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          {body}
          <EmailParagraph>{t('notYou')}</EmailParagraph>
          <p>
            <EmailButton href={forgotUrl} label={t('forgotPassword')} />
            <EmailButton href={settingsUrl} label={t('openSettings')} />
          </p>
        </>
      ),
    }),
    text: `${greeting}

${sentence}
${groupsText}
${t('notYou')}

${t('forgotPassword')}: ${forgotUrl}
${t('settingsGeneral')}: ${settingsUrl}
`,
  };
}
