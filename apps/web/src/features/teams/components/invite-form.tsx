import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { localeNames, locales } from '@cardstack/shared/i18n/locales';
import { roleTitles, teamRoles } from '@cardstack/shared/teams/roles';
import { inviteMemberInput, type InviteMemberInput } from '@cardstack/shared/teams/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { SelectList } from '../../../components/ui/select-list';
import { ApiError } from '../../../lib/api-client';
import { placeServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { usePreferences } from '../../settings/public';
import { useInviteMember } from '../api/invite-member';

const invitationSentMessage = (email: string) => `Invitation sent to ${email}.`;

/** Invite one person by email as admin or employee. */
export function InviteForm() {
  const invite = useInviteMember();
  // The invitation's language starts as the inviter's own (what the server uses when none is chosen).
  const ownLanguage = usePreferences().data?.language ?? 'en';
  const { register, control, handleSubmit, reset, setError, formState } = useForm<InviteMemberInput>({
    resolver: zodResolver(inviteMemberInput),
    defaultValues: { email: '', name: '', role: 'employee' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const member = await invite.mutateAsync(values);
      notify.success(invitationSentMessage(member.email));
      reset();
    } catch (error) {
      const unplaced = placeServerErrors(error, setError, ['email', 'name', 'role', 'language']);
      if (unplaced) notify.alert(error instanceof ApiError ? unplaced : 'The invitation could not be sent. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="invite-title" className="rounded-2xl bg-white p-6 ring-1 ring-zinc-200">
      <h2 id="invite-title" className="text-lg font-semibold">
        Invite a member
      </h2>
      <p className="mt-1 text-sm text-zinc-700">They get an email with a link that works for 7 days.</p>
      <fieldset disabled={formState.isSubmitting} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_10rem_10rem_auto] sm:items-start">
        <InputField label="Name" required autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
        <InputField label="Email" type="email" required autoComplete="off" error={formState.errors.email?.message} {...register('email')} />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <SelectList
              label="Role"
              value={field.value}
              onValueChange={field.onChange}
              options={teamRoles.map((role) => ({ value: role, label: roleTitles[role] }))}
              error={formState.errors.role?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <SelectList
              label="Invitation language"
              value={field.value ?? ownLanguage}
              onValueChange={field.onChange}
              options={locales.map((locale) => ({ value: locale, label: localeNames[locale] }))}
              error={formState.errors.language?.message}
            />
          )}
        />
        <Button type="submit" isLoading={formState.isSubmitting} className="sm:mt-6">
          Send invitation
        </Button>
      </fieldset>
    </form>
  );
}
