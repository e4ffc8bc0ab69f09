import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

/*
 * "This account moved" in the browser, on the server the account left: a stub started here plays the new server
 * (its `GET /api/account/moves/{exportId}` and the moved card's page there). The account has an export; the owner enters the address in
 * Settings → General, sees the moved card listed with its new address, and the card's old address then leads
 * to the new server; "Undo the move" brings it back.
 */

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

let stub: http.Server;
let stubOrigin = '';
let movedCardId = '';

test.beforeAll(async () => {
  stub = http.createServer((request, response) => {
    if (/^\/api\/account\/moves\/[A-Za-z0-9_-]{22}$/.test(request.url ?? '')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ cards: [{ from: movedCardId, to: `${stubOrigin}/id/eve-new/` }] }));
      return;
    }
    if ((request.url ?? '').startsWith('/id/eve-new/')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html lang="en"><title>Eve on the new server</title><h1>Eve on the new server</h1></html>');
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubOrigin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => stub.close(resolve));
});

test('the owner says the account moved; the card’s old address leads to the new server until the move is undone', async ({ page }) => {
  await registerThroughApi(page, { name: 'Eve Mover' });
  const created = await page.request.post('/api/cards', { data: { title: 'Work', name: 'Eve Mover' }, headers: origin() });
  expect(created.status()).toBe(201);
  movedCardId = ((await created.json()) as { card: { id: string } }).card.id;
  // The account's export ("Download my data") names the archive the new server imported.
  expect((await page.request.post('/api/account/export', { headers: origin() })).status()).toBe(202);
  await expect
    .poll(async () => ((await (await page.request.get('/api/account/exports')).json()) as { exports: { state: string }[] }).exports[0]?.state)
    .toBe('ready');

  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'This account moved' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('New server’s address').fill(stubOrigin);
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Move my addresses there' }).click();

  const moved = panel.getByRole('region', { name: 'Moved cards' });
  await expect(moved.getByRole('listitem')).toHaveCount(1);
  await expect(moved.getByRole('listitem')).toContainText('Work · Eve Mover');
  await expect(moved.getByRole('link', { name: `${stubOrigin}/id/eve-new/` })).toBeVisible();
  await expect(panel.getByRole('status')).toContainText(stubOrigin);

  // The old address answers 301 to the card on the new server; a browser lands there.
  const answer = await page.request.get(`/id/${movedCardId}/?src=qr`, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe(`${stubOrigin}/id/eve-new/?src=qr`);
  await page.goto(`/id/${movedCardId}/`);
  await expect(page).toHaveURL(`${stubOrigin}/id/eve-new/`);
  await expect(page.getByRole('heading', { name: 'Eve on the new server' })).toBeVisible();

  // Undone: the form again, and the card's page is served here again.
  await page.goto('/settings');
  await expect(panel.getByRole('region', { name: 'Moved cards' })).toContainText('Work · Eve Mover');
  // Checked here, with no toast fading in over the panel.
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Undo the move' }).click();
  await expect(panel.getByLabel('New server’s address')).toHaveValue('');
  await expect(panel.getByRole('region', { name: 'Moved cards' })).toHaveCount(0);
  const served = await page.request.get(`/id/${movedCardId}/`, { maxRedirects: 0 });
  expect(served.status()).toBe(200);
});
