import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button-class';
import { lazyPage } from './lazy-page';
import { shellText } from '../lib/shell/shell-text';

/** The not-found screen: a route of its own ('*') and the route error screen's answer to a 404. */
export const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page'));

/** A chunk that failed to load (new deploy, dropped connection): a ChunkLoadError, or a stylesheet's CSS_CHUNK_LOAD_FAILED. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    (error as { code?: string }).code === 'CSS_CHUNK_LOAD_FAILED' ||
    /Loading (CSS )?chunk .* failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const isChunk = isChunkLoadError(error);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div role="alert" className="max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-zinc-200">
        <h1 className="text-xl font-bold">{shellText(isChunk ? 'chunkErrorTitle' : 'errorTitle')}</h1>
        <p className="mt-2 text-sm text-zinc-700">{shellText(isChunk ? 'chunkErrorText' : 'errorText')}</p>
        {/* A plain button: the Button component (with its busy spinner) is no part of the app shell. */}
        <button type="button" className={buttonClass('primary', 'mt-6')} onClick={() => window.location.reload()}>
          {shellText('reload')}
        </button>
      </div>
    </main>
  );
}
