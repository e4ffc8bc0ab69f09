import { Button } from '../../../components/ui/button';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { integrationsMessages } from '../messages';

/**
 * A secret the server answers only once, when it is created (an API key, a webhook's signing secret): shown
 * until the person says they are done, since it cannot be fetched again.
 */
export function ShownOnceSecret({
  heading,
  label,
  secret,
  canCopy = false,
  onDone,
}: {
  heading: string;
  /** The accessible name of the secret itself. */
  label: string;
  secret: string;
  canCopy?: boolean;
  onDone: () => void;
}) {
  const t = useMessages(integrationsMessages);
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm">
      <p className="font-semibold">{heading}</p>
      <code aria-label={label} className="mt-2 block break-all rounded bg-white p-2 font-mono text-xs">
        {secret}
      </code>
      <div className="mt-2 flex gap-2">
        {canCopy ? (
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(secret).then(() => notify.success(t('copied')))}>
            {t('copy')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onDone}>
          {t('done')}
        </Button>
      </div>
    </div>
  );
}
