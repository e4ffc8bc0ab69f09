import { Dialog as RadixDialog } from 'radix-ui';
import { Link } from 'react-router';
import { paidFeatureTexts } from '@cardstack/shared/plans/plan-texts';
import { Button, buttonClass } from '../../../components/ui/button';

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
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold">{paidFeatureTexts.title}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="mt-2 flex flex-col gap-2 text-sm text-zinc-700">
              <p>{paidFeatureTexts.message}</p>
              {maxActiveCards !== null ? (
                <p>
                  Your plan includes {maxActiveCards} {maxActiveCards === 1 ? 'card' : 'cards'}, and you have used {maxActiveCards === 1 ? 'it' : 'them all'}.
                </p>
              ) : null}
            </div>
          </RadixDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <RadixDialog.Close asChild>
              <Button variant="secondary">Not now</Button>
            </RadixDialog.Close>
            <Link to="/subscription" className={buttonClass('primary')}>
              {paidFeatureTexts.upgrade}
            </Link>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
