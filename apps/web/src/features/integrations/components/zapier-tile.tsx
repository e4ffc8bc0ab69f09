import { useState } from 'react';
import { integrationMessages } from '@cardstack/shared/integrations/schemas';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useDisconnectZapier } from '../api/disconnect-zapier';
import { useIntegrationsStatus } from '../api/integrations-status';
import { integrationsMessages } from '../messages';

/**
 * The automation tile: "Connected" when the user has an active Zapier grant, else "Connect" (a spinner while
 * the check runs; a failed check shows "Connect"). Disconnect revokes the grant: every token and Zap hook
 * stops at once.
 */
export function ZapierTile() {
  const t = useMessages(integrationsMessages);
  const status = useIntegrationsStatus();
  const [isConfirming, setIsConfirming] = useState(false);
  const disconnect = useDisconnectZapier({
    onSuccess: () => {
      setIsConfirming(false);
      notify.success(t('disconnected'));
    },
    onError: () => notify.alert(t('somethingWrong')),
  });
  const zapier = status.data?.zapier;
  const isConnected = zapier?.isConnected === true;
  return (
    <article aria-labelledby="zapier-title" className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 sm:flex-row sm:items-center">
      <div aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-orange-500 text-xl font-bold text-white">
        Z
      </div>
      <div className="flex-1">
        <h2 id="zapier-title" className="text-lg font-semibold">
          {integrationMessages.zapierTitle}
        </h2>
        <p className="text-sm text-zinc-700">{t('zapierText')}</p>
        {zapier && !zapier.isAvailable ? <p className="mt-1 text-xs text-zinc-600">{t('zapierNotConfigured')}</p> : null}
      </div>
      <div className="flex items-center gap-2">
        {status.isPending ? (
          <Spinner className="h-5 w-5" label={t('checkingZapier')} />
        ) : (
          <a
            href={zapier?.connectUrl ?? 'https://zapier.com/apps'}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass(isConnected ? 'secondary' : 'primary')}
          >
            {isConnected ? t('connected') : t('connect')}
          </a>
        )}
        {isConnected ? (
          <Button variant="ghost" onClick={() => setIsConfirming(true)}>
            {t('disconnect')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('disconnectTitle')}
        cancelLabel={t('cancel')}
        confirmLabel={t('disconnect')}
        isDanger
        isBusy={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      >
        {t('disconnectText')}
      </ConfirmDialog>
    </article>
  );
}
