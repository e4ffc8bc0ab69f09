import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useMessages } from '../../lib/i18n/messages';
import { uiMessages } from '../messages';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** "Cancel" unless the screen names it. */
  cancelLabel?: string;
  onConfirm: () => void;
  isDanger?: boolean;
  isBusy?: boolean;
}

/** A modal that asks before doing something; focus is trapped and Escape cancels. */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, cancelLabel, onConfirm, isDanger, isBusy }: ConfirmDialogProps) {
  const t = useMessages(uiMessages);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="mt-2 text-sm text-zinc-700">{children}</div>
          </RadixDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <RadixDialog.Close asChild>
              <Button variant="secondary" disabled={isBusy}>
                {cancelLabel ?? t('cancel')}
              </Button>
            </RadixDialog.Close>
            <Button variant={isDanger ? 'danger' : 'primary'} onClick={onConfirm} isLoading={isBusy}>
              {confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
