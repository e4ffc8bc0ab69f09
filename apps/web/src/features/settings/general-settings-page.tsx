import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import {
  changeEmailInput,
  changePasswordInput,
  updateProfileInput,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type UpdateProfileInput,
} from '@cardstack/shared/account/schemas';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/input-field';
import { ApiError, api, uploadWithProgress } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { startGoogleSignIn } from '../auth/auth-api';
import { sessionQueryKey, signOut, useSessionUser } from '../auth/session';
import { NewLeadEmailSetting } from '../contacts/new-lead-email-setting';

function Panel({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-zinc-700">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Puts the server's per-field messages under the matching fields, else shows the message as a toast. */
function applyServerError<T extends string>(error: unknown, fields: readonly T[], setError: (field: T, value: { message: string }) => void) {
  if (error instanceof ApiError) {
    let placed = false;
    for (const [field, message] of Object.entries(error.fields)) {
      const target = (field === 'password' && fields.includes('currentPassword' as T) ? 'currentPassword' : field) as T;
      if (fields.includes(target)) {
        setError(target, { message });
        placed = true;
      }
    }
    if (!placed) notify.alert(error.message);
    return;
  }
  notify.alert('Something went wrong. Please try again.');
}

function ProfileForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const form = useForm<UpdateProfileInput>({ resolver: zodResolver(updateProfileInput), defaultValues: { displayName: user.displayName } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await api.patch<SessionUser>('/api/account/profile', values);
      queryClient.setQueryData(sessionQueryKey, updated);
      notify.success('Changes saved!');
    } catch (error) {
      applyServerError(error, ['displayName'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        <InputField label="Display name" required autoComplete="name" error={form.formState.errors.displayName?.message} {...form.register('displayName')} />
        <div>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            Save name
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function PhotoForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();

  async function upload(file: File) {
    setError(undefined);
    setProgress(0);
    const form = new FormData();
    form.append('file', file);
    try {
      await uploadWithProgress('/api/account/photo', form, setProgress);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      notify.success('Changes saved!');
    } catch (uploadError) {
      setError(uploadError instanceof ApiError ? uploadError.message : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    await api.delete('/api/account/photo');
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      {user.photoUrl ? (
        <img src={user.photoUrl} alt="Your photo" width={72} height={72} className="h-18 w-18 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-18 w-18 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-700">
          {user.displayName.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="flex flex-col gap-2">
        <label className="text-sm font-medium" htmlFor="photo-upload">
          Profile photo
        </label>
        <input
          ref={input}
          id="photo-upload"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={progress !== null}
          aria-describedby={error ? 'photo-error' : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
          className="text-sm"
        />
        {progress !== null ? <progress aria-label="Upload progress" max={1} value={progress} className="w-48" /> : null}
        {error ? (
          <p id="photo-error" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {user.photoUrl ? (
          <Button variant="ghost" className="self-start" onClick={() => void remove()}>
            Remove photo
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function EmailForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailInput), defaultValues: { newEmail: '', password: '' } });
  if (!user.hasPassword) {
    return <p className="text-sm text-zinc-700">Your email ({user.email}) comes from your Google account. Set a password below to manage it here.</p>;
  }
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await api.post('/api/account/email', values);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      form.reset({ newEmail: '', password: '' });
      notify.success('Changes saved!');
    } catch (error) {
      applyServerError(error, ['newEmail', 'password'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        <p className="text-sm text-zinc-700">
          Current email: <strong>{user.email}</strong>
        </p>
        <InputField label="New email" type="email" autoComplete="email" required error={form.formState.errors.newEmail?.message} {...form.register('newEmail')} />
        <InputField label="Current password" type="password" autoComplete="current-password" required error={form.formState.errors.password?.message} {...form.register('password')} />
        <div>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            Change email
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function PasswordForm({ user }: { user: SessionUser }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [needsGoogle, setNeedsGoogle] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    if (user.hasPassword && !values.currentPassword) {
      form.setError('currentPassword', { message: 'Enter your current password.' });
      return;
    }
    try {
      await api.post('/api/account/password', values);
      form.reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      notify.success('Changes saved!');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'requires-recent-login' && !user.hasPassword) setNeedsGoogle(true);
      applyServerError(error, ['currentPassword', 'newPassword', 'confirmPassword'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        {user.hasPassword ? (
          <InputField label="Current password" type="password" autoComplete="current-password" required error={form.formState.errors.currentPassword?.message} {...form.register('currentPassword')} />
        ) : (
          <div className="rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700">
            <p>You sign in with Google. To set a password, confirm it is you by signing in with Google again (valid for 5 minutes).</p>
            {needsGoogle || form.formState.errors.currentPassword ? (
              <p className="mt-1 text-red-700">{form.formState.errors.currentPassword?.message}</p>
            ) : null}
            <Button variant="secondary" className="mt-2" onClick={() => void startGoogleSignIn('', `${location.pathname}`, location.pathname)}>
              Re-authenticate with Google
            </Button>
          </div>
        )}
        <InputField label="New password" type="password" autoComplete="new-password" required hint="At least 8 characters." error={form.formState.errors.newPassword?.message} {...form.register('newPassword')} />
        <InputField label="Confirm new password" type="password" autoComplete="new-password" required error={form.formState.errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <div>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            Change password
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function DeleteAccount({ user }: { user: SessionUser }) {
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  async function confirm() {
    setIsBusy(true);
    setError(undefined);
    try {
      await api.post('/api/account/delete', user.hasPassword ? { password } : {});
      await signOut({ isDeleted: true });
    } catch (deleteError) {
      setError(deleteError instanceof ApiError ? (deleteError.fields.password ?? deleteError.message) : 'Something went wrong. Please try again.');
      setIsBusy(false);
    }
  }
  return (
    <>
      <Button variant="danger" onClick={() => setIsOpen(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title="Delete your account?"
        confirmLabel="Delete account"
        isDanger
        isBusy={isBusy}
        onConfirm={() => void confirm()}
      >
        <p>Your cards, contacts and files are deleted and cannot be recovered. A paid subscription ends with no further charges.</p>
        {user.hasPassword ? (
          <InputField
            className="mt-4"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error}
          />
        ) : error ? (
          <p className="mt-3 text-red-700">{error}</p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

export default function GeneralSettingsPage() {
  const user = useSessionUser();
  return (
    <div className="flex flex-col gap-6">
      <Panel title="Profile" description="How your name and photo appear in the app.">
        <div className="flex flex-col gap-6">
          <PhotoForm user={user} />
          <ProfileForm user={user} />
        </div>
      </Panel>
      <NewLeadEmailSetting />
      <Panel title="Email">
        <EmailForm user={user} />
      </Panel>
      <Panel title="Password">
        <PasswordForm user={user} />
      </Panel>
      <Panel title="Delete account" description="Permanently delete your account and everything in it.">
        <DeleteAccount user={user} />
      </Panel>
    </div>
  );
}
