import { useMessages } from '../../lib/i18n/messages';
import { uiMessages } from '../messages';
import { Button } from './button';

/**
 * In place of a screen's content whose data could not be loaded: what failed, and a button that asks again.
 * `className` places it on the screen.
 */
export function LoadError({ message, onRetry, className = '' }: { message: string; onRetry: () => void; className?: string }) {
  const t = useMessages(uiMessages);
  return (
    <div role="alert" className={`rounded-2xl bg-white p-8 text-center ring-1 ring-zinc-200 ${className}`}>
      <p className="font-semibold">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}
