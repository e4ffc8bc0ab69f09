import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

/*
 * The installable, offline app (issue 29, docs/offline.md): Chromium's own installability check, and a signed-in
 * owner's "My cards" and QR code with no network after one visit; sign-out empties what was saved; dark mode.
 */

// The other specs block service workers (playwright.config.ts): this one is about them.
test.use({ serviceWorkers: 'allow' });

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

/** Resolves once the service worker controls the page (it registers after the signed-in layout has shown). */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** The URLs in the caches of a person's own data (src/lib/offline/offline-rules.ts personalCaches). */
function personalCacheUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('cardstack-')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.sort();
  });
}

test('the app is installable: its pages link the manifest and Chromium’s check finds no error', async ({ playwright }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which is what a test's context is: a profile on disk.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: process.env.E2E_BASE_URL!,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    for (const pathname of ['/login', '/register']) {
      await page.goto(pathname);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    }
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    await registerThroughApi(page, { name: 'Ina Stall' });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
    await serviceWorkerControls(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('after one visit, offline: "My cards" and a card’s QR code show, read-only; sign-out clears the caches', async ({ page, context }) => {
  await registerThroughApi(page, { name: 'Olive Fair' });
  const created = await page.request.post('/api/cards', { data: { name: 'Olive Fair' }, headers: origin() });
  expect(created.status(), await created.text()).toBe(201);
  const card = (await created.json()).card as { id: string };

  // One visit to "My cards": the worker, once in place, keeps the list, each card and its QR code.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Olive Fair' })).toBeVisible();
  await serviceWorkerControls(page);
  await expect
    .poll(() => personalCacheUrls(page))
    .toEqual(expect.arrayContaining(['/api/cards', `/api/cards/${card.id}`, '/api/session', `/id/${card.id}/qr.svg`]));
  const qrCode = page.getByRole('img', { name: 'QR code of this card’s address' });

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Olive Fair' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You’re offline.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create card' })).toBeDisabled();

  await page.goto(`/customize/edit/${card.id}`);
  await expect(qrCode).toBeVisible();
  await expect.poll(() => qrCode.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: 'You’re offline.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  // Sign-out, even offline, leaves nothing of Olive's in this browser: the sign-in screen, not her cards.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect((await personalCacheUrls(page)).filter((url) => url.startsWith('/api/cards') || url.includes('/qr.'))).toEqual([]);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await context.setOffline(false);
});

test('dark mode: the app follows the system, Settings → General can choose, and axe passes on the main screens', async ({ page }) => {
  test.setTimeout(120_000);
  // The sign-in screens follow the system too.
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const [path, heading] of [
    ['/login', 'Sign in'],
    ['/register', 'Create your account'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectAccessible(page);
  }

  await registerThroughApi(page, { name: 'Dora Dark' });
  const created = await page.request.post('/api/cards', { data: { name: 'Dora Dark' }, headers: origin() });
  expect(created.status(), await created.text()).toBe(201);
  const card = (await created.json()).card as { id: string };
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  const light = await background();

  // The system says dark: every main screen is dark, and readable.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).not.toBe(light);
  await expectAccessible(page);
  for (const [path, heading] of [
    [`/customize/edit/${card.id}`, 'Dora Dark'],
    ['/contacts', 'Contacts'],
    ['/dashboard', 'Dashboard'],
    ['/settings', 'Settings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    await expectAccessible(page);
  }
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();

  // Light chosen in this browser wins over a dark system, and stays after a reload; then Dark over a light one.
  await page.getByRole('radio', { name: 'Light' }).check();
  await expect.poll(background).toBe(light);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect.poll(background).toBe(light);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect.poll(background).not.toBe(light);
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'System' }).check();
  await expect.poll(background).toBe(light);
});
