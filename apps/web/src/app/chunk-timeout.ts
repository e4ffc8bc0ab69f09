/** How long a code chunk may take to load before the route gives up and offers "Reload": two minutes. */
export const chunkLoadTimeoutMs = 120_000;

/**
 * A chunk import that gives up after `timeoutMs`: it fails with a ChunkLoadError ("Loading chunk …
 * failed"), so the route shows the "Reload" screen instead of a spinner that never ends. A late answer after
 * the timeout is ignored.
 */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs: number = chunkLoadTimeoutMs, name = 'route'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(Object.assign(new Error(`Loading chunk ${name} failed. (timeout: ${timeoutMs} ms)`), { name: 'ChunkLoadError' }));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
