import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * The installable app's files from the web build (apps/web/public, the service worker built to dist/sw.js,
 * docs/offline.md): the manifest and the service worker with their content types, checked again on every visit;
 * the icons a day.
 */
let distDir: string;
let t: TestApp | undefined;
beforeAll(() => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-pwa-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><link rel="manifest" href="/manifest.webmanifest"><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Cards"}');
  fs.writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.mkdirSync(path.join(distDir, 'icons'));
  fs.writeFileSync(path.join(distDir, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
});
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the installable app’s files', () => {
  it('serves the manifest, the service worker and the icons with their content types and caching', async () => {
    t = await createTestApp({ WEB_DIST_DIR: distDir }, { serveWeb: true });
    const visitor = new TestClient(t.app);

    const manifest = await visitor.get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const worker = await visitor.get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');

    const icon = await visitor.get('/icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');

    // Every page of the app links the manifest (the build's pages are copies of index.html).
    expect((await visitor.get('/customize')).body).toContain('rel="manifest"');
  });
});
