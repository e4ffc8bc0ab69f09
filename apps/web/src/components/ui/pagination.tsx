import { Link } from 'react-router';
import { useMessages } from '../../lib/i18n/messages';
import { uiMessages } from '../messages';

const pageLinkClass =
  'rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-inset ring-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Previous / next links between the pages of a list; the page lives in the address (?page=2). */
export function Pagination({ page, pageCount, label }: { page: number; pageCount: number; label: string }) {
  const t = useMessages(uiMessages);
  if (pageCount <= 1) return null;
  const to = (target: number) => (target === 1 ? '?' : `?page=${target}`);
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={to(page - 1)} className={pageLinkClass}>
          {t('previousPage')}
        </Link>
      ) : null}
      <span className="text-sm text-zinc-700" aria-current="page">
        {t('pageOf', { page, pageCount })}
      </span>
      {page < pageCount ? (
        <Link to={to(page + 1)} className={pageLinkClass}>
          {t('nextPage')}
        </Link>
      ) : null}
    </nav>
  );
}
