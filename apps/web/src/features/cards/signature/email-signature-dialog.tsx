import { useId, useMemo, useState } from 'react';
import { Dialog as RadixDialog, Tabs } from 'radix-ui';
import { buildEmailSignature, type EmailSignatureData } from '@cardstack/shared/cards/email-signature';
import { linkKindLabels } from '@cardstack/shared/cards/links';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useMessages, type Translate } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useEmailSignature } from '../api/email-signature';
import { copyRichSignature, copySignatureSource } from './copy-signature';
import { signatureMessages, type SignatureMessageId } from './messages';

/** A link without its own label is named by its kind: brands as they name themselves, the others in words. */
function linkLabelOf(link: EmailSignatureData['links'][number], t: Translate<SignatureMessageId>): string {
  if (link.label.trim()) return link.label;
  switch (link.kind) {
    case 'website':
      return t('linkWebsite');
    case 'addressUrl':
      return t('linkAddress');
    case 'viberGroup':
      return t('linkViberGroup');
    case 'empty':
      return t('linkCustom');
    default:
      return linkKindLabels[link.kind];
  }
}

const mailPrograms = [
  { value: 'gmail', name: 'gmail', steps: ['gmailStep1', 'gmailStep2', 'gmailStep3'] },
  { value: 'outlook', name: 'outlook', steps: ['outlookStep1', 'outlookStep2', 'outlookStep3'] },
  { value: 'apple-mail', name: 'appleMail', steps: ['appleMailStep1', 'appleMailStep2', 'appleMailStep3'] },
] as const satisfies readonly { value: string; name: SignatureMessageId; steps: readonly SignatureMessageId[] }[];

const tabClass =
  'rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-zinc-700 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700';

function SignatureBody({ data }: { data: EmailSignatureData }) {
  const t = useMessages(signatureMessages);
  const [includeQr, setIncludeQr] = useState(false);
  const [isCopying, setIsCopying] = useState(false);
  const qrId = useId();
  const signature = useMemo(
    () =>
      buildEmailSignature(data, {
        includeQr,
        words: { cardLink: t('cardLink'), qrAlt: t('qrAlt') },
        linkLabel: (link) => linkLabelOf(link, t),
      }),
    [data, includeQr, t],
  );

  async function copy(what: 'rich' | 'source') {
    setIsCopying(true);
    try {
      if (what === 'rich') await copyRichSignature(signature.html, signature.text);
      else await copySignatureSource(signature.html);
      notify.success(t(what === 'rich' ? 'copied' : 'htmlCopied'));
    } catch {
      notify.alert(t('copyFailed'));
    } finally {
      setIsCopying(false);
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-4">
      <label htmlFor={qrId} className="flex items-center gap-2 text-sm">
        <input id={qrId} type="checkbox" className="h-4 w-4 accent-brand-600" checked={includeQr} onChange={(event) => setIncludeQr(event.target.checked)} />
        {t('includeQr')}
      </label>
      {/* The signature's HTML comes from the shared builder, which escapes everything the card's owner wrote. */}
      <section aria-label={t('preview')} className="overflow-x-auto rounded-lg bg-white p-4 ring-1 ring-zinc-200">
        <div dangerouslySetInnerHTML={{ __html: signature.html }} />
      </section>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copy('rich')} disabled={isCopying}>
          {t('copy')}
        </Button>
        <Button variant="secondary" onClick={() => void copy('source')} disabled={isCopying}>
          {t('copyHtml')}
        </Button>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-zinc-800">{t('htmlSource')}</summary>
        <textarea
          readOnly
          aria-label={t('htmlSource')}
          value={signature.html}
          dir="ltr"
          rows={5}
          className="mt-2 w-full rounded-md border border-zinc-300 p-2 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
      </details>
      <div>
        <h3 className="text-base font-semibold">{t('howTo')}</h3>
        <Tabs.Root defaultValue="gmail" className="mt-2">
          <Tabs.List aria-label={t('howTo')} className="flex gap-1 border-b border-zinc-200">
            {mailPrograms.map((program) => (
              <Tabs.Trigger key={program.value} value={program.value} className={tabClass}>
                {t(program.name)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {mailPrograms.map((program) => (
            <Tabs.Content key={program.value} value={program.value} className="pt-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
              <ol className="list-decimal space-y-1 ps-5 text-sm text-zinc-800">
                {program.steps.map((step) => (
                  <li key={step}>{t(step)}</li>
                ))}
              </ol>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </div>
  );
}

/**
 * A card's email signature: a live preview, "Copy" (as rich text, with plain text beside it), the HTML source,
 * and how to add it to Gmail, Outlook and Apple Mail. Its own chunk: the cards list loads it on the first open.
 */
export default function EmailSignatureDialog({ cardId, onClose }: { cardId: string; onClose: () => void }) {
  const t = useMessages(signatureMessages);
  const signature = useEmailSignature(cardId);
  let body;
  if (signature.isPending) {
    body = (
      <div className="mt-6 flex justify-center">
        <Spinner label={t('loading')} />
      </div>
    );
  } else if (signature.isError) {
    body = <LoadError message={t('loadFailed')} onRetry={() => void signature.refetch()} className="mt-4" />;
  } else {
    body = <SignatureBody data={signature.data} />;
  }
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,42rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold">{t('title')}</RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-sm text-zinc-700">{t('intro')}</RadixDialog.Description>
          {body}
          <div className="mt-6 flex justify-end">
            <RadixDialog.Close asChild>
              <Button variant="secondary">{t('close')}</Button>
            </RadixDialog.Close>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
