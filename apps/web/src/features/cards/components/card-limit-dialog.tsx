import { Dialog as RadixDialog } from 'radix-ui';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { useMessages } from '../../../lib/i18n/messages';
import { cardsMessages } from '../messages';

/**
 * The paid-feature overlay ("This is a Paid feature / Upgrade your account to use this feature", Upgrade →
 * /subscription), as a dialog: shown instead of creating or duplicating a card when the plan's card allowance is
 * used up. The server refuses the same request, so this only saves a round trip.
 */
export function CardLimitDialog({
  open,
  onOpenChange,
  maxActiveCards,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  maxActiveCards: number | null;
}) {
  const t = useMessages(cardsMessages);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold">{t('paidFeatureTitle')}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="mt-2 flex flex-col gap-2 text-sm text-zinc-700">
              <p>{t('paidFeatureMessage')}</p>
              {maxActiveCards !== null ? (
                <p>{t('allowanceUsed', { count: maxActiveCards })}</p>
              ) : null}
            </div>
          </RadixDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <RadixDialog.Close asChild>
              <Button variant="secondary">{t('notNow')}</Button>
            </RadixDialog.Close>
            <Link to="/subscription" className={buttonClass('primary')}>
              {t('upgrade')}
            </Link>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
