import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { useMessages } from '../../lib/i18n/messages';
import { notFoundMessages } from './messages';

export default function NotFoundPage() {
  const t = useMessages(notFoundMessages);
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="max-w-md text-zinc-700">{t('explanation')}</p>
      <Link to="/" className={buttonClass('primary')}>
        {t('home')}
      </Link>
    </main>
  );
}
