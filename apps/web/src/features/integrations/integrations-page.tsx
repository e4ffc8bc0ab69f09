import { integrationMessages } from '@cardstack/shared/integrations/schemas';
import { PaidFeatureGate } from '../../components/paid-feature-gate';
import { useMessages } from '../../lib/i18n/messages';
import { SettingsPanel } from '../settings/public';
import { ApiKeysPanel } from './components/api-keys-panel';
import { WebhooksPanel } from './components/webhooks-panel';
import { ZapierTile } from './components/zapier-tile';
import { integrationsMessages } from './messages';

/**
 * /settings/integrations. The Zapier tile is a paid feature (Pro and Teams); the API keys and
 * webhooks below are open on every plan (docs/decisions/0024-open-api-on-every-plan.md).
 */
export default function IntegrationsPage() {
  const t = useMessages(integrationsMessages);
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h2 className="text-xl font-semibold">{t('screenTitle')}</h2>
        <p className="text-sm text-zinc-700">{t('screenText')}</p>
      </header>
      <PaidFeatureGate feature="zapier" preview={<ZapierTilePreview />}>
        <ZapierTile />
      </PaidFeatureGate>
      <SettingsPanel title={t('apiKeysTitle')} description={t('apiKeysDescription')}>
        <p className="mb-4 text-sm">
          <a className="text-brand-700 underline" href="/api/v1/docs" target="_blank" rel="noopener noreferrer">
            {t('apiReference')}
          </a>{' '}
          ·{' '}
          <a className="text-brand-700 underline" href="/api/v1/openapi.json" target="_blank" rel="noopener noreferrer">
            {t('openApiDocument')}
          </a>
        </p>
        <ApiKeysPanel />
      </SettingsPanel>
      <SettingsPanel title={t('webhooksTitle')} description={t('webhooksDescription')}>
        <WebhooksPanel />
      </SettingsPanel>
    </div>
  );
}

/** What the locked tile looks like behind the paid overlay (no request is made for it). */
function ZapierTilePreview() {
  const t = useMessages(integrationsMessages);
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-white p-6">
      <div className="flex h-12 w-12 items-center justify-center rounded-xl bg-orange-500 text-xl font-bold text-white">Z</div>
      <div>
        <p className="text-lg font-semibold">{integrationMessages.zapierTitle}</p>
        <p className="text-sm text-zinc-700">{t('zapierText')}</p>
      </div>
    </div>
  );
}
