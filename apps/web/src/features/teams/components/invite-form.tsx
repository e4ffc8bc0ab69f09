import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { localeNames, locales } from '@cardstack/shared/i18n/locales';
import { teamRoles } from '@cardstack/shared/teams/roles';
import { inviteMemberInput, type InviteMemberInput } from '@cardstack/shared/teams/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { SelectList } from '../../../components/ui/select-list';
import { ApiError } from '../../../lib/api-client';
import { useMessages } from '../../../lib/i18n/messages';
import { placeServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { usePreferences } from '../../settings/public';
import { useInviteMember } from '../api/invite-member';
import { teamMessages } from '../messages';
import { roleTitle } from '../team-texts';

/** Invite one person by email as admin or employee. */
export function InviteForm() {
  const invite = useInviteMember();
  const t = useMessages(teamMessages);
  // The invitation's language starts as the inviter's own (what the server uses when none is chosen).
  const ownLanguage = usePreferences().data?.language ?? 'en';
  const { register, control, handleSubmit, reset, setError, formState } = useForm<InviteMemberInput>({
    resolver: zodResolver(inviteMemberInput),
    defaultValues: { email: '', name: '', role: 'employee' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const member = await invite.mutateAsync(values);
      notify.success(t('invitationSent', { email: member.email }));
      reset();
    } catch (error) {
      const unplaced = placeServerErrors(error, setError, ['email', 'name', 'role', 'language']);
      if (unplaced) notify.alert(error instanceof ApiError ? unplaced : t('invitationNotSent'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="invite-title" className="rounded-2xl bg-white p-6 ring-1 ring-zinc-200">
      <h2 id="invite-title" className="text-lg font-semibold">
        {t('inviteTitle')}
      </h2>
      <p className="mt-1 text-sm text-zinc-700">{t('inviteHint')}</p>
      <fieldset disabled={formState.isSubmitting} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_10rem_10rem_auto] sm:items-start">
        <InputField label={t('nameLabel')} required autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
        <InputField label={t('emailLabel')} type="email" required autoComplete="off" error={formState.errors.email?.message} {...register('email')} />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <SelectList
              label={t('roleLabel')}
              value={field.value}
              onValueChange={field.onChange}
              options={teamRoles.map((role) => ({ value: role, label: roleTitle(t, role) }))}
              error={formState.errors.role?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <SelectList
              label={t('invitationLanguageLabel')}
              value={field.value ?? ownLanguage}
              onValueChange={field.onChange}
              options={locales.map((locale) => ({ value: locale, label: localeNames[locale] }))}
              error={formState.errors.language?.message}
            />
          )}
        />
        <Button type="submit" isLoading={formState.isSubmitting} className="sm:mt-6">
          {t('sendInvitation')}
        </Button>
      </fieldset>
    </form>
  );
}
