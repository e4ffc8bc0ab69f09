import { useState } from 'react';
import { Dialog } from 'radix-ui';
import type { ContactFilterInput } from '@cardstack/shared/contacts/schemas';
import { PaidFeatureGate } from '../../../components/paid-feature-gate';
import { Button, buttonClass } from '../../../components/ui/button';
import { useMessages } from '../../../lib/i18n/messages';
import { exportUrl } from '../api/contact-links';
import { contactsMessages } from '../messages';

function ExportLinks({ filter, onDone }: { filter: ContactFilterInput; onDone?: () => void }) {
  const t = useMessages(contactsMessages);
  return (
    <div className="flex flex-wrap gap-3 p-1">
      <a className={buttonClass('primary')} href={exportUrl('csv', filter)} download onClick={() => setTimeout(() => onDone?.(), 0)}>
        {t('downloadCsv')}
      </a>
      <a className={buttonClass('secondary')} href={exportUrl('xlsx', filter)} download onClick={() => setTimeout(() => onDone?.(), 0)}>
        {t('downloadExcel')}
      </a>
      <a className={buttonClass('secondary')} href={exportUrl('vcf', filter)} download onClick={() => setTimeout(() => onDone?.(), 0)}>
        {t('downloadVcard')}
      </a>
    </div>
  );
}

/**
 * Export of the current search, filters and order. A paid feature (locked on Basic):
 * Basic users see the paid-feature overlay; the server refuses them too.
 */
export function ExportDialog({ filter, total }: { filter: ContactFilterInput; total: number }) {
  const t = useMessages(contactsMessages);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">{t('export')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{t('exportTitle')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-700">
            {t('exportDescription', { count: total })}
          </Dialog.Description>
          <div className="mt-4">
            <PaidFeatureGate feature="csvExport" preview={<ExportLinks filter={filter} />}>
              <ExportLinks filter={filter} onDone={() => setIsOpen(false)} />
            </PaidFeatureGate>
          </div>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="ghost">{t('close')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
