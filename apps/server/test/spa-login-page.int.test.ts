import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * /login's first paint is the sign-in screen rendered at build time (dist/login.html, apps/web/vite.config.ts),
 * sent only to a visitor without a session cookie: a signed-in one goes on to the app without seeing the form.
 * Every page comes in the visitor's language: the app's last one in this browser (its cookie), else the browser's.
 */
let distDir: string;
let t: TestApp | undefined;
beforeAll(() => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-login-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'login.html'), '<!doctype html><div id="prerendered">Sign in</div><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'index.de.html'), '<!doctype html><html lang="de"><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'login.de.html'), '<!doctype html><html lang="de"><div id="prerendered">Anmelden</div><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'login.ja.html'), '<!doctype html><html lang="ja"><div id="prerendered">サインイン</div><div id="root"></div>');
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

  it('sends each page in the app’s last language in this browser, else the browser’s, and says it varies by both', async () => {
    t = await createTestApp({ WEB_DIST_DIR: distDir }, { serveWeb: true });
    const visitor = new TestClient(t.app);
    const login = (headers: Record<string, string>) => visitor.request('GET', '/login', undefined, headers);

    const german = await login({ 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(german.body).toContain('Anmelden');
    expect(german.headers['content-language']).toBe('de');
    expect(german.headers.vary).toMatch(/cookie/i);
    expect(german.headers.vary).toMatch(/accept-language/i);
    expect(german.headers['cache-control']).toBe('no-cache');

    // The language the app last showed here wins over the browser's; a cookie naming no language of ours does not.
    const japanese = await login({ 'accept-language': 'de', cookie: 'theme=dark; cardstack_locale=ja' });
    expect(japanese.body).toContain('サインイン');
    expect(japanese.headers['content-language']).toBe('ja');
    expect((await login({ 'accept-language': 'de', cookie: 'cardstack_locale=xx' })).body).toContain('Anmelden');

    // English without a language we speak, and for a language this build has no page in.
    for (const headers of [{}, { 'accept-language': 'sv' }, { 'accept-language': 'fr' }] as Record<string, string>[]) {
      const page = await login(headers);
      expect(page.body).toContain('>Sign in<');
    }
    expect((await login({ 'accept-language': 'sv' })).headers['content-language']).toBe('en');

    // The app's other pages too, and a signed-in visitor's /login (no form to show them).
    const register = await visitor.request('GET', '/register', undefined, { 'accept-language': 'de' });
    expect(register.body).toBe('<!doctype html><html lang="de"><div id="root"></div>');
    expect(register.headers.vary).toMatch(/accept-language/i);
    expect((await visitor.request('GET', '/', undefined, { 'accept-language': 'ja' })).body).toBe('<!doctype html><div id="root"></div>');

    const signedIn = new TestClient(t.app);
    await signedIn.register({ name: 'Ute' });
    const shell = await signedIn.request('GET', '/login', undefined, { 'accept-language': 'de' });
    expect(shell.body).not.toContain('id="prerendered"');
    expect(shell.body).toContain('lang="de"');
  });
});
