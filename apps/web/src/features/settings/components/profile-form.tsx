import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileInput, type UpdateProfileInput } from '@cardstack/shared/account/schemas';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { updateProfile } from '../api/update-profile';
import { notify } from '../../../lib/notify';
import { setSessionUser } from '../../../lib/session';
import { applyServerError } from '../apply-server-error';

/** The display name. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const form = useForm<UpdateProfileInput>({ resolver: zodResolver(updateProfileInput), defaultValues: { displayName: user.displayName } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await updateProfile(values);
      setSessionUser(updated);
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
