import { Dialog as RadixDialog } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { useMessages } from '../../../lib/i18n/messages';
import { billingMessages } from '../messages';

/** After a downgrade: what happens to the plan and when, with the way back to the cards. */
export function DowngradedDialog({ open, message, onGoToCards, onClose }: { open: boolean; message: string; onGoToCards: () => void; onClose: () => void }) {
  const t = useMessages(billingMessages);
  return (
    <RadixDialog.Root open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold">{t('downgradedTitle')}</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm text-zinc-700">{message}</RadixDialog.Description>
          <div className="mt-6 flex justify-end">
            <Button onClick={onGoToCards}>{t('goToCards')}</Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
