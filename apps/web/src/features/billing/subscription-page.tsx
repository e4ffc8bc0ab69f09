import { Link, Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { UnlessEveryFeatureIncluded } from './every-feature-included';
import { PricingScreen } from './pricing-screen';

/** /subscription: the pricing screen in its own layout, signed-in only, without the app's navigation. */
export default function SubscriptionPage() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullScreenSpinner />;
  if (!session.data) return <Navigate to={`/login?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />;
  return (
    <div className="min-h-screen bg-zinc-50">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <Link to="/" className="text-lg font-bold text-brand-700">
            Cards
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        <UnlessEveryFeatureIncluded>
          <PricingScreen headingLevel="h1" />
        </UnlessEveryFeatureIncluded>
      </main>
    </div>
  );
}
