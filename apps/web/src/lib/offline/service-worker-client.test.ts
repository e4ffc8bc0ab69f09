import { afterEach, describe, expect, it, vi } from 'vitest';

/** A registration whose worker installs while another one controls the page: a new version. */
function fakeBrowser(options: { controlled: boolean }) {
  const listeners = new Map<string, (() => void)[]>();
  const on = (target: Map<string, (() => void)[]>) => (type: string, listener: () => void) => target.set(type, [...(target.get(type) ?? []), listener]);
  const workerListeners = new Map<string, (() => void)[]>();
  const installing = { state: 'installing', postMessage: vi.fn(), addEventListener: on(workerListeners) };
  const registration = { waiting: null, installing, addEventListener: on(listeners) };
  const containerListeners = new Map<string, (() => void)[]>();
  const container = {
    controller: options.controlled ? {} : null,
    register: vi.fn(async () => registration),
    addEventListener: on(containerListeners),
  };
  const reload = vi.fn();
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('window', { location: { reload } });
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}')));
  const fire = (target: Map<string, (() => void)[]>, type: string) => {
    for (const listener of target.get(type) ?? []) listener();
  };
  return {
    container,
    installing,
    reload,
    /** The browser found a new sw.js and installed it; it now waits. */
    newVersionInstalled() {
      fire(listeners, 'updatefound');
      installing.state = 'installed';
      fire(workerListeners, 'statechange');
    },
    controllerChanged: () => fire(containerListeners, 'controllerchange'),
  };
}

async function freshClient() {
  vi.resetModules();
  vi.stubEnv('PROD', true);
  return import('./service-worker-client');
}

describe('the service worker’s page side', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('offers a new version and lets it take over only when asked, then reloads', async () => {
    const browser = fakeBrowser({ controlled: true });
    const client = await freshClient();
    client.registerServiceWorker();
    client.registerServiceWorker();
    await vi.waitFor(() => expect(browser.container.register).toHaveBeenCalledTimes(1));
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    await Promise.resolve();

    browser.newVersionInstalled();
    // Waiting, not applied: nothing is sent to the worker until "Reload".
    expect(browser.installing.postMessage).not.toHaveBeenCalled();
    client.applyUpdate();
    expect(browser.installing.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(browser.reload).not.toHaveBeenCalled();
    browser.controllerChanged();
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('lets the very first worker take the page without an offer, and asks the session and the card list again through it', async () => {
    const browser = fakeBrowser({ controlled: false });
    const client = await freshClient();
    client.registerServiceWorker();
    await vi.waitFor(() => expect(browser.container.register).toHaveBeenCalled());
    await Promise.resolve();
    browser.newVersionInstalled();
    client.applyUpdate();
    expect(browser.installing.postMessage).not.toHaveBeenCalled();

    browser.controllerChanged();
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual(['/api/session', '/api/cards']);
    expect(browser.reload).not.toHaveBeenCalled();
  });
});
