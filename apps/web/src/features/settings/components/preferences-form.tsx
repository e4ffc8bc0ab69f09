import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { updateAccountPreferencesInput, type AccountPreferences, type UpdateAccountPreferencesInput } from '@cardstack/shared/account/preferences';
import type { Locale } from '@cardstack/shared/i18n/locales';
import { LanguageOptions } from '../../../components/language-options';
import { uiMessages } from '../../../components/messages';
import { Button } from '../../../components/ui/button';
import { FieldFrame } from '../../../components/ui/field-frame';
import { Spinner } from '../../../components/ui/spinner';
import { languageOf, setAppPreferences, useAppPreferences } from '../../../lib/i18n/app-locale';
import { preloadMessages, useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { refreshSession } from '../../../lib/session';
import { preferencesQueryKey } from '../api/account-keys';
import { savePreferences, usePreferences } from '../api/preferences';
import { applyServerError } from '../apply-server-error';
import { browserPreferences, timeZoneChoices } from '../browser-preferences';
import { settingsMessages } from '../messages';

/** The account's language and time zone; until chosen, the form starts from this browser's. */
export function PreferencesForm() {
  const t = useMessages(settingsMessages);
  const preferences = usePreferences();
  if (preferences.isPending) return <Spinner className="h-5 w-5" label={t('loadingPreferences')} />;
  if (preferences.isError) return <p className="text-sm text-red-700">{t('preferencesNotLoaded')}</p>;
  return <PreferencesFields saved={preferences.data} />;
}

function PreferencesFields({ saved }: { saved: AccountPreferences }) {
  const t = useMessages(settingsMessages);
  const { locale } = useAppPreferences();
  const queryClient = useQueryClient();
  const form = useForm<UpdateAccountPreferencesInput>({
    resolver: zodResolver(updateAccountPreferencesInput),
    defaultValues: saved.isChosen ? { language: saved.language, timeZone: saved.timeZone } : browserPreferences(),
  });
  // "Saved" is said in the language just chosen, once the app has switched to it.
  const [savedIn, setSavedIn] = useState<Locale>();
  useEffect(() => {
    if (savedIn && languageOf(locale) === savedIn) {
      setSavedIn(undefined);
      notify.success(t('preferencesSaved'));
    }
  }, [savedIn, locale, t]);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await savePreferences(values);
      queryClient.setQueryData(preferencesQueryKey, saved);
      // This screen's texts in the new language first: the switch is then quick.
      await Promise.all([preloadMessages(settingsMessages, saved.language), preloadMessages(uiMessages, saved.language)]).catch(() => undefined);
      setAppPreferences({ locale: saved.language, timeZone: saved.timeZone });
      setSavedIn(saved.language);
      void refreshSession();
    } catch (error) {
      applyServerError(error, ['language', 'timeZone'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        <FieldFrame label={t('language')} error={errors.language?.message} hint={t('languageHint')}>
          {(control) => (
            <select {...control} {...form.register('language')}>
              <LanguageOptions />
            </select>
          )}
        </FieldFrame>
        <FieldFrame label={t('timeZone')} error={errors.timeZone?.message} hint={t('timeZoneHint')}>
          {(control) => (
            <select {...control} {...form.register('timeZone')}>
              {/* IANA's names (Europe/Berlin), as the API takes them: the same in every language. */}
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
            {t('savePreferences')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
