import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

test('a route whose code fails to download shows a reload message instead of a blank page', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  // Simulate a dropped connection (or a new deploy) for the settings chunks.
  const settingsChunks = /\/assets\/(settings-layout|general-settings-page)-[^/]+\.js$/;
  await page.route(settingsChunks, (route) => route.abort());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('alert')).toContainText('This page could not be loaded');
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expectAccessible(page);

  await page.unroute(settingsChunks);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('the route table beyond sign-in failing to download shows the reload message too', async ({ page }) => {
  await registerThroughApi(page);
  // The first screen knows only the sign-in routes; the rest of the table is a chunk of its own (app/router.tsx).
  const routeTableChunk = /\/assets\/app-routes-[^/]+\.js$/;
  await page.route(routeTableChunk, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('This page could not be loaded');

  await page.unroute(routeTableChunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
});

test('a signed-in visitor opening /login goes to the app without the sign-in form showing first', async ({ page }) => {
  await registerThroughApi(page);
  let formShown = false;
  await page.exposeFunction('signInFormShown', () => {
    formShown = true;
  });
  // Watches from the first script on, so a form that shows for a moment and goes is caught too.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('input[type="password"]')) (window as unknown as { signInFormShown: () => void }).signInFormShown();
    }).observe(document, { childList: true, subtree: true });
  });
  // A slow session answer: the sign-in screen's chunk is there first, and must still wait for it.
  await page.route('**/api/session', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  expect(page.url()).toMatch(/\/$/);
  expect(formShown).toBe(false);
});

test('navigating to a new path scrolls to the top', async ({ page }) => {
  await registerThroughApi(page);
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My cards' }).click();
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('uploads a profile photo in settings with progress, and shows the reason when a file is not an image', async ({ page }) => {
  await registerThroughApi(page, { name: 'Photo Person' });
  await page.goto('/settings');
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#22aa88' } }).png().toBuffer();
  await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Changes saved!')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', /^\/files\/avatars\/.+\.webp$/);

  await page.getByLabel('Profile photo').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(page.getByText('This file is not an image we can use. Upload a JPEG, PNG, WebP or GIF.')).toBeVisible();
});
