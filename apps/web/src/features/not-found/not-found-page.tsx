import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="max-w-md text-zinc-700">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass('primary')}>
        Go to my cards
      </Link>
    </main>
  );
}
