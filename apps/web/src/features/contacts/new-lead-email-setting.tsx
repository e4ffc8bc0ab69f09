import { contactMessages } from '@cardstack/shared/contacts/schemas';
import { Spinner } from '../../components/ui/spinner';
import { ToggleSwitch } from '../../components/ui/toggle-switch';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useNotificationSettings, useUpdateNotificationSettings } from './api/notification-settings';

/** Settings → general: the switch for the email sent for each new lead (on unless turned off). */
export function NewLeadEmailSetting() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  return (
    <section aria-labelledby="lead-emails-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
      <h2 id="lead-emails-title" className="text-lg font-semibold">
        Notifications
      </h2>
      <div className="mt-4">
        {settings.isPending ? (
          <Spinner label="Loading your notification settings" />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-zinc-800">
            Your notification settings could not be loaded.
          </p>
        ) : (
          <ToggleSwitch
            label="New lead emails"
            description="Get an email when someone leaves their details through the lead form on one of your cards."
            checked={update.isPending ? Boolean(update.variables?.isNewLeadEmailOn) : settings.data.isNewLeadEmailOn}
            disabled={update.isPending}
            onCheckedChange={(isOn) =>
              update.mutate(
                { isNewLeadEmailOn: isOn },
                {
                  onSuccess: () => notify.success(contactMessages.saved),
                  onError: (error) => notify.alert(error instanceof ApiError ? error.message : 'The setting could not be saved. Please try again.'),
                },
              )
            }
          />
        )}
      </div>
    </section>
  );
}
