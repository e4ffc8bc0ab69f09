import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { preferencesMessages, updateAccountPreferencesInput, type AccountPreferences, type UpdateAccountPreferencesInput } from '@cardstack/shared/account/preferences';
import { LanguageOptions } from '../../../components/language-options';
import { Button } from '../../../components/ui/button';
import { FieldFrame } from '../../../components/ui/field-frame';
import { Spinner } from '../../../components/ui/spinner';
import { setAppPreferences } from '../../../lib/i18n/app-locale';
import { notify } from '../../../lib/notify';
import { refreshSession } from '../../../lib/session';
import { preferencesQueryKey } from '../api/account-keys';
import { savePreferences, usePreferences } from '../api/preferences';
import { applyServerError } from '../apply-server-error';
import { browserPreferences, timeZoneChoices } from '../browser-preferences';

/** The account's language and time zone; until chosen, the form starts from this browser's. */
export function PreferencesForm() {
  const preferences = usePreferences();
  if (preferences.isPending) return <Spinner className="h-5 w-5" label="Loading your language and time zone" />;
  if (preferences.isError) return <p className="text-sm text-red-700">Your language and time zone could not be loaded.</p>;
  return <PreferencesFields saved={preferences.data} />;
}

function PreferencesFields({ saved }: { saved: AccountPreferences }) {
  const queryClient = useQueryClient();
  const form = useForm<UpdateAccountPreferencesInput>({
    resolver: zodResolver(updateAccountPreferencesInput),
    defaultValues: saved.isChosen ? { language: saved.language, timeZone: saved.timeZone } : browserPreferences(),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await savePreferences(values);
      queryClient.setQueryData(preferencesQueryKey, saved);
      setAppPreferences({ locale: saved.language, timeZone: saved.timeZone });
      void refreshSession();
      notify.success(preferencesMessages.saved);
    } catch (error) {
      applyServerError(error, ['language', 'timeZone'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        <FieldFrame label="Language" error={errors.language?.message} hint="The language of the emails you get, such as new leads.">
          {(control) => (
            <select {...control} {...form.register('language')}>
              <LanguageOptions />
            </select>
          )}
        </FieldFrame>
        <FieldFrame label="Time zone" error={errors.timeZone?.message} hint="Dates in your emails are in this time zone.">
          {(control) => (
            <select {...control} {...form.register('timeZone')}>
              {timeZoneChoices().map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <div>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            Save language and time zone
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
