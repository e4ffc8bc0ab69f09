import { Spinner } from '../../components/ui/spinner';
import { ToggleSwitch } from '../../components/ui/toggle-switch';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useNotificationSettings, useUpdateNotificationSettings } from './api/notification-settings';
import { contactsMessages } from './messages';

/** Settings → general: the switch for the email sent for each new lead (on unless turned off). */
export function NewLeadEmailSetting() {
  const t = useMessages(contactsMessages);
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  return (
    <section aria-labelledby="lead-emails-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
      <h2 id="lead-emails-title" className="text-lg font-semibold">
        {t('notificationsTitle')}
      </h2>
      <div className="mt-4">
        {settings.isPending ? (
          <Spinner label={t('notificationsLoading')} />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-zinc-800">
            {t('notificationsLoadFailed')}
          </p>
        ) : (
          <ToggleSwitch
            label={t('newLeadEmails')}
            description={t('newLeadEmailsDescription')}
            checked={update.isPending ? Boolean(update.variables?.isNewLeadEmailOn) : settings.data.isNewLeadEmailOn}
            disabled={update.isPending}
            onCheckedChange={(isOn) =>
              update.mutate(
                { isNewLeadEmailOn: isOn },
                {
                  onSuccess: () => notify.success(t('changesSaved')),
                  onError: (error) => notify.alert(error instanceof ApiError ? error.message : t('settingSaveFailed')),
                },
              )
            }
          />
        )}
      </div>
    </section>
  );
}
