import { lazy, Suspense, type ComponentType } from 'react';
import { FullScreenSpinner } from '../components/ui/spinner';
import { chunkLoadTimeoutMs, loadWithTimeout } from './chunk-timeout';

/**
 * Every route is its own chunk, shown behind a full-screen spinner while it loads. A chunk that fails, or has not
 * arrived after 120000 ms, throws to the route's error screen ("Reload").
 *
 * The screen comes inside the query client's provider, loaded with it in parallel (once; later screens find it
 * loaded): the query library is kept out of the app shell, and no screen waits for it after its own chunk.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, timeoutMs = chunkLoadTimeoutMs) {
  const Page = lazy(() =>
    loadWithTimeout(
      () =>
        Promise.all([load(), import('../lib/query-client')]).then(([{ default: Screen }, { QueryProvider }]) => ({
          default: function ScreenWithQueries() {
            return (
              <QueryProvider>
                <Screen />
              </QueryProvider>
            );
          },
        })),
      timeoutMs,
    ),
  );
  return function LazyPage() {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Page />
      </Suspense>
    );
  };
}
