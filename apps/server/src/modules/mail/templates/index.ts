import type { RenderedMail } from './layout';
import { anyRecipient, type MailLinks, type MailRecipient } from './links';
import { renderWelcomeMail, type WelcomeMailData } from './welcome';
import { renderNewLeadMail, type NewLeadMailData } from './new-lead';
import { renderTeamInvitationMail, type TeamInvitationMailData } from './team-invitation';
import {
  renderEmailChangeNoticeMail,
  renderPasswordResetMail,
  renderVerifyEmailMail,
  type EmailChangeNoticeMailData,
  type PasswordResetMailData,
  type VerifyEmailMailData,
} from './account-security';
import { renderDowngradeScheduledMail, type DowngradeScheduledMailData } from './downgrade-scheduled';
import { renderDesignRequestMail, type DesignRequestMailData } from './design-request';
import { renderSecurityNoticeMail, type SecurityNoticeMailData } from './security-notice';
import { renderCredentialExpiryMail, type CredentialExpiryMailData } from './credential-expiry';
import { renderAccountExportReadyMail, type AccountExportReadyMailData } from './account-export-ready';

/** Every mail template by name. Add a template here and its data type follows everywhere. */
const templates = {
  welcome: renderWelcomeMail,
  'new-lead': renderNewLeadMail,
  'team-invitation': renderTeamInvitationMail,
  'password-reset': renderPasswordResetMail,
  'verify-email': renderVerifyEmailMail,
  'email-change-notice': renderEmailChangeNoticeMail,
  'downgrade-scheduled': renderDowngradeScheduledMail,
  'design-request': renderDesignRequestMail,
  'security-notice': renderSecurityNoticeMail,
  'credential-expiry': renderCredentialExpiryMail,
  'account-export-ready': renderAccountExportReadyMail,
} satisfies Record<string, (data: never, links: MailLinks, recipient: MailRecipient) => RenderedMail>;

export type MailTemplateName = keyof typeof templates;
export type MailTemplateData<T extends MailTemplateName> = Parameters<(typeof templates)[T]>[0];
export type {
  WelcomeMailData,
  NewLeadMailData,
  TeamInvitationMailData,
  PasswordResetMailData,
  VerifyEmailMailData,
  EmailChangeNoticeMailData,
  DowngradeScheduledMailData,
  DesignRequestMailData,
  SecurityNoticeMailData,
  CredentialExpiryMailData,
  AccountExportReadyMailData,
};
export type { RemainingAccess, SecurityChange, SecurityNotice, SignInMethod } from './security-notice';
export type { InvitationLinkClaims, MailLinks, MailRecipient } from './links';

/** A queued mail as it goes out: in the recipient's language and time zone where its template has them. */
export function renderMail(template: string, data: unknown, links: MailLinks, recipient: MailRecipient = anyRecipient): RenderedMail {
  const render = (templates as Record<string, (data: unknown, links: MailLinks, recipient: MailRecipient) => RenderedMail>)[template];
  if (!render) throw new Error(`Unknown mail template "${template}"`);
  return render(data, links, recipient);
}
