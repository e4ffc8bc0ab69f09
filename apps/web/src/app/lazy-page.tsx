import { lazy, Suspense, type ComponentType } from 'react';
import { FullScreenSpinner } from '../components/ui/spinner';
import { chunkLoadTimeoutMs, loadWithTimeout } from './chunk-timeout';

/**
 * Every route is its own chunk, shown behind a full-screen spinner while it loads. A chunk that fails, or has not
 * arrived after 120000 ms, throws to the route's error screen ("Reload").
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, timeoutMs = chunkLoadTimeoutMs) {
  const Page = lazy(() => loadWithTimeout(load, timeoutMs));
  return function LazyPage() {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Page />
      </Suspense>
    );
  };
}
