import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';

/** What the pricing screen gives each question it asks before changing the plan. */
export interface PlanChangeQuestionProps {
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The question before a plan change: shown while the pricing screen renders it; closing it (Escape, Cancel)
 * cancels, except while the change is being sent, so the answer cannot be taken back half-way.
 */
export function PlanChangeDialog({
  texts,
  isDanger,
  isBusy,
  onCancel,
  onConfirm,
  children,
}: PlanChangeQuestionProps & {
  texts: { title: string; cancel: string; confirm: string };
  isDanger?: boolean;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !isBusy && onCancel()}
      title={texts.title}
      cancelLabel={texts.cancel}
      confirmLabel={texts.confirm}
      isDanger={isDanger}
      isBusy={isBusy}
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmDialog>
  );
}
