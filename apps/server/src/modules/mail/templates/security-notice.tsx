import type { ReactNode } from 'react';
import { EmailButton, EmailHeading, EmailParagraph, renderEmailHtml, type RenderedMail } from './layout';

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

const addedSubjects: Record<SignInMethod, string> = {
  google: 'Google sign-in was added',
  passkey: 'A passkey was added',
  password: 'A password was added',
};
const removedSubjects: Record<SignInMethod, string> = {
  google: 'Google sign-in was removed',
  passkey: 'A passkey was removed',
  password: 'The password was removed',
};

export function securityNoticeSubject(notice: SecurityNotice): string {
  switch (notice.change) {
    case 'password-changed':
      return 'Your password was changed';
    case 'two-factor-disabled':
      return 'Two-factor sign-in was turned off';
    case 'sign-in-method-added':
      return addedSubjects[notice.method];
    case 'sign-in-method-removed':
      return removedSubjects[notice.method];
    case 'api-key-created':
      return 'A new API key was created';
    case 'app-connected':
      return `${notice.detail ?? 'An app'} was connected to your account`;
  }
}

/** "2025-03-08 14:02 UTC": the same for every reader, wherever they are. */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const quoted = (detail: string | undefined) => (detail ? ` “${detail}”` : '');

/** What happened, in one or two sentences, with the time. */
function whatHappened(notice: SecurityNotice, at: string): string {
  switch (notice.change) {
    case 'password-changed':
      return notice.remainingAccess
        ? `The password of your account was reset with a “Forgot password?” link on ${at}. Every device that was signed in was signed out.`
        : `The password of your account was changed in Settings on ${at}. Every other device was signed out.`;
    case 'two-factor-disabled':
      return `Two-factor sign-in was turned off for your account on ${at}.${notice.detail ? ` ${notice.detail}` : ''} Signing in now needs only the password.`;
    case 'sign-in-method-added': {
      const what = { google: `Google sign-in${notice.detail ? ` (${notice.detail})` : ''}`, passkey: `A passkey${quoted(notice.detail)}`, password: 'A password' }[notice.method];
      return `${what} was added to your account on ${at}. It can now be used to sign in.`;
    }
    case 'sign-in-method-removed': {
      const what = { google: `Google sign-in${notice.detail ? ` (${notice.detail})` : ''}`, passkey: `The passkey${quoted(notice.detail)}`, password: 'The password' }[notice.method];
      return `${what} was removed from your account on ${at}. It no longer signs you in.`;
    }
    case 'api-key-created':
      return `A new API key${quoted(notice.detail)} was created for your account on ${at}. It reaches your account's data through the API until it is revoked in Settings → Integrations.`;
    case 'app-connected':
      return `${notice.detail ?? 'An app'} was connected to your account on ${at}. It reaches your account's data until it is disconnected in Settings → Integrations.`;
  }
}

/** The lists of the reset variant, as lines (the same words in both parts). */
function accessGroups(access: RemainingAccess): { title: string; lines: string[] }[] {
  return [
    {
      title: 'API keys',
      lines: access.apiKeys.map(
        (key) => `${key.name} — created ${utcMinute(key.createdAt)}, ${key.lastUsedAt ? `last used ${utcMinute(key.lastUsedAt)}` : 'never used'}`,
      ),
    },
    { title: 'Connected apps', lines: access.apps.map((app) => `${app.name} — connected ${utcMinute(app.connectedAt)}`) },
    { title: 'Webhooks', lines: access.webhooks.map((hook) => `${hook.host} — ${hook.events.join(', ')}`) },
    { title: 'Signed-in devices', lines: ['None: the reset signed out every device.'] },
  ].map((group) => ({ ...group, lines: group.lines.length > 0 ? group.lines : ['None'] }));
}

const listStyle = { fontSize: 15, lineHeight: 1.5, margin: '0 0 16px', paddingLeft: 20 } as const;

export function renderSecurityNoticeMail(data: SecurityNoticeMailData, links: { baseUrl: string }): RenderedMail {
  const greeting = data.displayName ? `Hi ${data.displayName},` : 'Hi,';
  const subject = securityNoticeSubject(data);
  const sentence = whatHappened(data, utcMinute(data.occurredAt));
  const forgotUrl = `${links.baseUrl}/forgot-password`;
  const settingsUrl = `${links.baseUrl}/settings`;
  const reviewUrl = `${links.baseUrl}/password-changed`;
  const notYou = 'If this was not you, reset your password now: choose “Forgot password?” on the sign-in page. Then review Settings → General: your signed-in devices, your email address and two-factor sign-in.';
  const groups = data.change === 'password-changed' && data.remainingAccess ? accessGroups(data.remainingAccess) : null;
  const stillAccess = 'These still have access to your account. Revoke what you do not recognise:';

  let body: ReactNode = <EmailParagraph>{sentence}</EmailParagraph>;
  if (groups) {
    body = (
      <>
        {body}
        <EmailParagraph>{stillAccess}</EmailParagraph>
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
          <EmailButton href={reviewUrl} label="Review access" />
        </p>
      </>
    );
  }
  const groupsText = groups
    ? `\n${stillAccess}\n\n${groups.map((group) => `${group.title}:\n${group.lines.map((line) => `- ${line}`).join('\n')}`).join('\n\n')}\n\nReview access: ${reviewUrl}\n`
    : '';
  return {
    subject,
    html: renderEmailHtml({
      title: subject,
      footer: 'You receive this email because the security settings of your account changed.',
      children: (
        <>
          <EmailHeading>{greeting}</EmailHeading>
          {body}
          <EmailParagraph>{notYou}</EmailParagraph>
          <p>
            <EmailButton href={forgotUrl} label="Forgot password?" />
            <EmailButton href={settingsUrl} label="Open Settings → General" />
          </p>
        </>
      ),
    }),
    text: `${greeting}

${sentence}
${groupsText}
${notYou}

Forgot password?: ${forgotUrl}
Settings → General: ${settingsUrl}
`,
  };
}
