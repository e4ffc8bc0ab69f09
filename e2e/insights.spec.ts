import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, registerThroughApi, uniqueEmail } from './support';

/*
 * Insights as an owner meets them: a visitor scans the card's QR code three times and taps its NFC tag once,
 * saves the contact and leaves their details; the owner's dashboard shows exactly that, and exports it.
 */

const baseURL = () => process.env.E2E_BASE_URL!;
// A phone's browser. Headless Chromium says "HeadlessChrome" in its user agent, which the bot filter rightly skips.
const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

test('3 QR visits and 1 NFC tap, a saved contact and a lead show on the owner’s dashboard', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Iris Insight', email: uniqueEmail('insights') });
  const created = await page.request.post('/api/cards', {
    data: { title: 'Sales card', name: 'Iris Insight', email: 'iris@example.com', leadForm: { isEnabled: true, thankYouMessage: 'Thanks!' } },
    headers: { origin: baseURL() },
  });
  expect(created.status()).toBe(201);
  const card = (await created.json()).card as { id: string };

  // Before any visit: the empty state explains how numbers appear.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No visits in this period' })).toBeVisible();

  const context = await browser.newContext({ baseURL: baseURL(), userAgent: phone, acceptDownloads: true });
  const guest = await context.newPage();
  for (let scan = 0; scan < 3; scan += 1) {
    await guest.goto(`/id/${card.id}/?src=qr`);
    await expect(guest.getByRole('heading', { level: 1, name: 'Iris Insight' })).toBeVisible();
    // The marker is gone from the address bar: sharing the page passes on the plain address.
    await expect(guest).toHaveURL(`${baseURL()}/id/${card.id}/`);
  }
  await guest.goto(`/id/${card.id}/?src=nfc`);
  const [download] = await Promise.all([guest.waitForEvent('download'), guest.getByRole('link', { name: 'Save contact' }).click()]);
  expect(download.suggestedFilename()).toBe('Iris-Insight.vcf');
  await guest.getByLabel('Name').fill('Vera Visitor');
  await guest.getByLabel('Email').fill('vera@example.com');
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByText('Thanks!')).toBeVisible();
  await context.close();

  // The counts are written every second: the dashboard shows them on the next load.
  // (The lead may land one flush after the views.)
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('tile-Views')).toHaveText('4', { timeout: 1000 });
    await expect(page.getByTestId('tile-Contacts saved')).toHaveText('1', { timeout: 1000 });
    await expect(page.getByTestId('tile-Leads')).toHaveText('1', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('tile-Unique visitors')).toHaveText('1');
  const sources = page.getByRole('region', { name: 'Where visits came from' });
  await expect(sources.getByRole('row', { name: /QR code/ }).getByRole('cell').first()).toHaveText('3');
  await expect(sources.getByRole('row', { name: /NFC tap/ }).getByRole('cell').first()).toHaveText('1');
  const cards = page.getByRole('region', { name: 'Cards' });
  await expect(cards.getByRole('row', { name: /Sales card/ })).toContainText('4');

  // The chart's numbers are in a table too; the per-card table sorts by any column from the keyboard.
  await page.getByText('The chart’s numbers as a table').click();
  await expect(page.getByRole('table', { name: /Views by day/ })).toBeVisible();
  const leadsHeader = cards.getByRole('button', { name: 'Leads' });
  await leadsHeader.focus();
  await page.keyboard.press('Enter');
  await expect(cards.getByRole('columnheader', { name: /Leads/ })).toHaveAttribute('aria-sort', 'descending');
  await expectAccessible(page);

  // The CSV is the view on screen.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^insights-.*\.csv$/);
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  expect(text).toContain('Totals,All,Views,4,0');
  expect(text).toContain('Source,QR code,Views,3,');
  expect(text).toContain('Source,NFC tap,Views,1,');

  // The navigation leads here.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
