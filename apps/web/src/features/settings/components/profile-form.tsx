import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileInput, type UpdateProfileInput } from '@cardstack/shared/account/schemas';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { updateProfile } from '../api/update-profile';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { setSessionUser } from '../../../lib/session';
import { applyServerError } from '../apply-server-error';
import { settingsMessages } from '../messages';

/** The display name. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const t = useMessages(settingsMessages);
  const form = useForm<UpdateProfileInput>({ resolver: zodResolver(updateProfileInput), defaultValues: { displayName: user.displayName } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await updateProfile(values);
      setSessionUser(updated);
      notify.success(t('changesSaved'));
    } catch (error) {
      applyServerError(error, ['displayName'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        <InputField label={t('displayName')} required autoComplete="name" error={form.formState.errors.displayName?.message} {...form.register('displayName')} />
        <div>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {t('saveName')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
