import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';

/** /login and /register: a signed-in visitor goes straight to the app. */
export function AuthLayout() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullScreenSpinner />;
  if (session.data) {
    const params = new URLSearchParams(location.search);
    return <Navigate to={params.get('next')?.startsWith('/') && !params.get('next')?.startsWith('//') ? params.get('next')! : '/'} replace />;
  }
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6">
      <p className="text-lg font-bold text-brand-700">Cards</p>
      <Outlet />
    </main>
  );
}
