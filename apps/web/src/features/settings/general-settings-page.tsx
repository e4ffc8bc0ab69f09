import { useSessionUser } from '../../lib/session';
import { NewLeadEmailSetting } from '../contacts/public';
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

/** /settings: the account's profile, language and time zone, notifications, sign-in email and password, and deleting it. */
export default function GeneralSettingsPage() {
  const user = useSessionUser();
  return (
    <div className="flex flex-col gap-6">
      <SettingsPanel title="Profile" description="How your name and photo appear in the app.">
        <div className="flex flex-col gap-6">
          <PhotoForm user={user} />
          <ProfileForm user={user} />
        </div>
      </SettingsPanel>
      <SettingsPanel title="Language and time zone">
        <PreferencesForm />
      </SettingsPanel>
      <NewLeadEmailSetting />
      <SettingsPanel title="Email">
        <EmailForm user={user} />
      </SettingsPanel>
      <SettingsPanel title="Password">
        <PasswordForm user={user} />
      </SettingsPanel>
      <SettingsPanel title="Two-factor sign-in" description="A code from an authenticator app after your password.">
        <TwoFactorPanel user={user} />
      </SettingsPanel>
      <SettingsPanel title="Passkeys" description="Sign in with your device’s fingerprint, face or PIN instead of a password; after a password, a passkey also works instead of the code.">
        <PasskeysPanel user={user} />
      </SettingsPanel>
      <SettingsPanel title="Signed-in devices" description="Where your account is signed in now.">
        <SessionsPanel />
      </SettingsPanel>
      <SettingsPanel title="Delete account" description="Permanently delete your account and everything in it.">
        <DeleteAccount user={user} />
      </SettingsPanel>
    </div>
  );
}
