import { useState } from 'react';
import type { Card } from '@cardstack/shared/cards/schemas';
import { visitSourceMarkers, withVisitSource } from '@cardstack/shared/insights/sources';
import { publicCardResourcePaths } from '@cardstack/shared/public-card/schemas';
import { Button, buttonClass } from '../../../components/ui/button';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { pageTextMessages } from '../page-text/messages';
import { editorMessages } from './messages';

/**
 * The card's QR code with SVG and PNG downloads, and the link to write on an NFC tag. The server makes the code
 * when the card is saved; it encodes the card's permanent address (by id), so printed codes keep working when the
 * username changes. The code and the NFC link carry a source marker (`?src=qr`, `?src=nfc`), so the insights
 * dashboard can tell scans from taps; the page removes it from the address bar.
 */
export function QrCodePanel({ card }: { card: Pick<Card, 'id' | 'version'> }) {
  const t = useMessages(editorMessages);
  // The public page's own words for its code, in the app's language.
  const pageText = useMessages(pageTextMessages);
  // The public page answers for active cards only: a card blocked by the plan has no code to show.
  const [failedCardId, setFailedCardId] = useState<string | null>(null);
  const svg = publicCardResourcePaths.qrSvg(card.id);
  const png = publicCardResourcePaths.qrPng(card.id);
  const permanentUrl = `${window.location.origin}/id/${card.id}/`;
  const nfcUrl = withVisitSource(permanentUrl, visitSourceMarkers.nfc);
  const copyNfcLink = async () => {
    try {
      await navigator.clipboard.writeText(nfcUrl);
      notify.success(t('nfcLinkCopied'));
    } catch {
      notify.alert(t('nfcLinkNotCopied'));
    }
  };
  return (
    <section aria-labelledby="qr-code-title" className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id="qr-code-title" className="text-sm font-semibold tracking-wide text-zinc-700 uppercase">
        {pageText('qrCode')}
      </h2>
      {failedCardId === card.id ? (
        <p className="mt-3 text-sm text-zinc-700">{t('qrInactive')}</p>
      ) : (
        <>
          <img
            key={card.version}
            src={`${svg}?v=${card.version}`}
            alt={pageText('qrAlt')}
            width={160}
            height={160}
            className="mx-auto mt-3 h-40 w-40 bg-white"
            onError={() => setFailedCardId(card.id)}
          />
          <p dir="ltr" className="mt-2 text-center text-xs break-all text-zinc-700">
            {permanentUrl}
          </p>
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            <a href={`${svg}?download=1`} download className={buttonClass('secondary')}>
              {pageText('downloadSvg')}
            </a>
            <a href={`${png}?download=1`} download className={buttonClass('secondary')}>
              {pageText('downloadPng')}
            </a>
          </div>
        </>
      )}
      <div className="mt-4">
        <label htmlFor="nfc-link" className="block text-sm font-medium text-zinc-800">
          {t('nfcLink')}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="nfc-link"
            readOnly
            dir="ltr"
            value={nfcUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1 text-xs text-zinc-800"
          />
          <Button variant="secondary" onClick={() => void copyNfcLink()}>
            {t('copy')}
          </Button>
        </div>
        <p className="mt-1 text-xs text-zinc-700">{t('nfcHint')}</p>
      </div>
    </section>
  );
}
