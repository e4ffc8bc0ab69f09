import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { useMessages } from '../../lib/i18n/messages';
import { applyUpdate, registerServiceWorker, useUpdateWaiting } from '../../lib/offline/service-worker-client';
import { useOffline } from '../../lib/offline/use-offline';
import { layoutMessages } from './messages';

/**
 * Above the signed-in screens: registers the service worker once they have shown, says when the app is offline
 * (what was saved shows, nothing can be changed) and offers a new version with "Reload".
 */
export function OfflineStatus() {
  const t = useMessages(layoutMessages);
  const isOffline = useOffline();
  const isUpdateWaiting = useUpdateWaiting();
  useEffect(() => {
    // After the screen has painted, not in its way.
    const timer = window.setTimeout(registerServiceWorker, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <>
      {isOffline && (
        <div role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950">
          <strong className="font-semibold">{t('offlineTitle')}</strong> {t('offlineText')}
        </div>
      )}
      {isUpdateWaiting && (
        <div role="status" className="flex flex-wrap items-center justify-center gap-3 border-b border-brand-100 bg-brand-50 px-4 py-2 text-sm text-zinc-900">
          <span>{t('updateReady')}</span>
          <Button variant="secondary" onClick={applyUpdate}>
            {t('reload')}
          </Button>
        </div>
      )}
    </>
  );
}
