import { lazy, Suspense, type ComponentType } from 'react';
import { FullScreenSpinner } from '../components/ui/spinner';

/** Every route is its own chunk, shown behind a full-screen spinner while it loads. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Page />
      </Suspense>
    );
  };
}
