import { useState } from 'react';
import type { Card } from '@cardstack/shared/cards/schemas';
import { publicCardResourcePaths, publicCardTexts } from '@cardstack/shared/public-card/schemas';
import { buttonClass } from '../../../components/ui/button';

/**
 * The card's QR code with SVG and PNG downloads. The server makes it when the card is saved; it encodes the
 * card's permanent address (by id), so printed codes keep working when the username changes.
 */
export function QrCodePanel({ card }: { card: Pick<Card, 'id' | 'version'> }) {
  // The public page answers for active cards only: a card blocked by the plan has no code to show.
  const [failedCardId, setFailedCardId] = useState<string | null>(null);
  const svg = publicCardResourcePaths.qrSvg(card.id);
  const png = publicCardResourcePaths.qrPng(card.id);
  const permanentUrl = `${window.location.origin}/id/${card.id}/`;
  return (
    <section aria-labelledby="qr-code-title" className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id="qr-code-title" className="text-sm font-semibold tracking-wide text-zinc-700 uppercase">
        {publicCardTexts.qrCode}
      </h2>
      {failedCardId === card.id ? (
        <p className="mt-3 text-sm text-zinc-700">The QR code is available while this card is active.</p>
      ) : (
        <>
          <img
            key={card.version}
            src={`${svg}?v=${card.version}`}
            alt={publicCardTexts.qrAlt}
            width={160}
            height={160}
            className="mx-auto mt-3 h-40 w-40 bg-white"
            onError={() => setFailedCardId(card.id)}
          />
          <p className="mt-2 text-center text-xs break-all text-zinc-700">{permanentUrl}</p>
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            <a href={`${svg}?download=1`} download className={buttonClass('secondary')}>
              {publicCardTexts.downloadSvg}
            </a>
            <a href={`${png}?download=1`} download className={buttonClass('secondary')}>
              {publicCardTexts.downloadPng}
            </a>
          </div>
        </>
      )}
    </section>
  );
}
