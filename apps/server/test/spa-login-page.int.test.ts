import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * /login's first paint is the sign-in screen rendered at build time (dist/login.html, apps/web/vite.config.ts),
 * sent only to a visitor without a session cookie: a signed-in one goes on to the app without seeing the form.
 */
let distDir: string;
let t: TestApp | undefined;
beforeAll(() => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-login-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'login.html'), '<!doctype html><div id="prerendered">Sign in</div><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the SPA\'s /login', () => {
  it('sends the prerendered sign-in screen without a session cookie and the plain shell with one', async () => {
    t = await createTestApp({ WEB_DIST_DIR: distDir }, { serveWeb: true });
    const anonymous = new TestClient(t.app);
    const first = await anonymous.get('/login?next=%2Fcards');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('id="prerendered"');
    expect(first.headers.vary).toMatch(/cookie/i);
    expect((await anonymous.get('/register')).body).not.toContain('id="prerendered"');

    const signedIn = new TestClient(t.app);
    await signedIn.register({ name: 'Ann' });
    const shell = await signedIn.get('/login');
    expect(shell.statusCode).toBe(200);
    expect(shell.body).not.toContain('id="prerendered"');
    expect(shell.body).toContain('id="root"');

    const icon = await anonymous.get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });
});
