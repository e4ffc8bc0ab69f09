import { useMessages } from '../../lib/i18n/messages';
import { useSessionUser } from '../../lib/session';
import { NewLeadEmailSetting } from '../contacts/public';
import { AccountExportPanel, AccountImportPanel } from './components/account-archive-panel';
import { AccountMovePanel } from './account-move/account-move-panel';
import { AppearanceForm } from './components/appearance-form';
import { DeleteAccount } from './components/delete-account';
import { EmailForm } from './components/email-form';
import { PasskeysPanel } from './components/passkeys-panel';
import { PasswordForm } from './components/password-form';
import { PhotoForm } from './components/photo-form';
import { PreferencesForm } from './components/preferences-form';
import { ProfileForm } from './components/profile-form';
import { SessionsPanel } from './components/sessions-panel';
import { SettingsPanel } from './components/settings-panel';
import { TwoFactorPanel } from './components/two-factor-panel';
import { settingsMessages } from './messages';

/** /settings: the account's profile, language and time zone, the colour scheme (this browser's), notifications, sign-in email and password, downloading its data, importing another server's, saying the account moved to another server, and deleting it. */
export default function GeneralSettingsPage() {
  const t = useMessages(settingsMessages);
  const user = useSessionUser();
  return (
    <div className="flex flex-col gap-6">
      <SettingsPanel title={t('profileTitle')} description={t('profileDescription')}>
        <div className="flex flex-col gap-6">
          <PhotoForm user={user} />
          <ProfileForm user={user} />
        </div>
      </SettingsPanel>
      <SettingsPanel title={t('preferencesTitle')}>
        <PreferencesForm />
      </SettingsPanel>
      <SettingsPanel title={t('appearanceTitle')}>
        <AppearanceForm />
      </SettingsPanel>
      <NewLeadEmailSetting />
      <SettingsPanel title={t('emailTitle')}>
        <EmailForm user={user} />
      </SettingsPanel>
      <SettingsPanel title={t('passwordTitle')}>
        <PasswordForm user={user} />
      </SettingsPanel>
      <SettingsPanel title={t('twoFactorTitle')} description={t('twoFactorDescription')}>
        <TwoFactorPanel user={user} />
      </SettingsPanel>
      <SettingsPanel title={t('passkeysTitle')} description={t('passkeysDescription')}>
        <PasskeysPanel user={user} />
      </SettingsPanel>
      <SettingsPanel title={t('devicesTitle')} description={t('devicesDescription')}>
        <SessionsPanel />
      </SettingsPanel>
      <SettingsPanel title={t('exportTitle')} description={t('exportDescription')}>
        <AccountExportPanel />
      </SettingsPanel>
      <SettingsPanel title={t('importTitle')} description={t('importDescription')}>
        <AccountImportPanel />
      </SettingsPanel>
      <AccountMovePanel />
      <SettingsPanel title={t('deleteTitle')} description={t('deleteDescription')}>
        <DeleteAccount user={user} />
      </SettingsPanel>
    </div>
  );
}
