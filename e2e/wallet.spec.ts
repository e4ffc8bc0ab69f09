import fs from 'node:fs';
import JSZip from 'jszip';
import { expect, test, type Download, type Page } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

/** The wallet passes: the owner's Apple Wallet tab, a visitor's download from the public page, Basic's overlay. */

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

async function subscribeToPro(page: Page): Promise<void> {
  const response = await page.request.post('/api/billing/checkout', { data: { plan: 'subscribed', period: 'month' }, headers: origin() });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto((await response.json()).url);
  await page.getByRole('button', { name: 'Complete test checkout' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
}

async function createCard(page: Page, data: Record<string, unknown>): Promise<string> {
  const created = await page.request.post('/api/cards', { data, headers: origin() });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).card.id;
}

async function passJsonOf(download: Download): Promise<Record<string, unknown>> {
  const file = await download.path();
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  return JSON.parse(await zip.file('pass.json')!.async('string'));
}

test('the owner picks the Apple pass colours and fields, sees the preview, and downloads the pass; a visitor adds it from the public page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await registerThroughApi(page, { name: 'Ada Lovelace' });
  await subscribeToPro(page);
  const cardId = await createCard(page, {
    title: 'Work',
    name: 'Ada Lovelace',
    jobTitle: 'Analyst',
    companyName: 'Engines Ltd',
    phone: '+44 20 7946 0000',
    phones: ['+44 20 7946 0001'],
    email: 'ada@example.com',
  });

  await page.goto(`/customize/edit/${cardId}`);
  await page.getByRole('navigation', { name: 'Card editor sections' }).getByRole('link', { name: 'Apple Wallet' }).click();
  await expect(page).toHaveURL(new RegExp(`/customize/edit/${cardId}/apple-wallet$`));
  const tab = page.getByRole('region', { name: 'Apple Wallet pass' });
  await expect(tab.getByRole('status')).toContainText('Development credentials');
  await expect(tab.getByRole('status')).toContainText('Devices holding this pass: 0.');
  const preview = page.getByRole('figure', { name: 'Apple Wallet pass preview' });
  await expect(preview.getByText('Ada Lovelace')).toBeVisible();
  await expect(preview.getByText('Analyst')).toBeVisible();
  await expectAccessible(page);

  // The hex rule: a wrong colour is refused under its field.
  const background = tab.getByRole('textbox', { name: 'Background colour', exact: true });
  await background.fill('blue');
  await tab.getByRole('button', { name: 'Save pass settings' }).click();
  await expect(tab.getByText('Expected a valid hex string')).toBeVisible();

  await background.fill('#123456');
  await tab.getByRole('textbox', { name: 'Text colour', exact: true }).fill('fff');
  await tab.getByRole('textbox', { name: 'Label colour', exact: true }).fill('#abc');
  // The preview follows the colours as they are typed.
  await expect(preview.locator('div').first()).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  // The second phone stays off the pass.
  await tab.getByRole('group', { name: 'Phone numbers on the pass' }).getByRole('checkbox', { name: '+44 20 7946 0001' }).uncheck();
  await tab.getByRole('button', { name: 'Save pass settings' }).click();
  await expect(page.getByText('Pass settings saved.')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await tab.getByRole('link', { name: 'Download the Apple Wallet pass' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Ada-Lovelace.pkpass');
  const pass = await passJsonOf(download);
  expect(pass).toMatchObject({ backgroundColor: 'rgb(18, 52, 86)', foregroundColor: 'rgb(255, 255, 255)', labelColor: 'rgb(170, 187, 204)' });
  expect(JSON.stringify(pass)).not.toContain('+44 20 7946 0001');

  // The Google tab offers its button.
  await page.getByRole('navigation', { name: 'Card editor sections' }).getByRole('link', { name: 'Google Wallet' }).click();
  await expect(page.getByRole('region', { name: 'Google Wallet pass' }).getByRole('link', { name: 'Add to Google Wallet' })).toHaveAttribute('href', `/id/${cardId}/google-wallet`);

  // A visitor (no session) taps "Add to Apple Wallet" on the public page: plain links, no script needed.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/id/${cardId}/`);
    await expect(visitorPage.getByRole('link', { name: 'Add to Google Wallet' })).toHaveAttribute('href', `/id/${cardId}/google-wallet`);
    const visitorDownloading = visitorPage.waitForEvent('download');
    await visitorPage.getByRole('link', { name: 'Add to Apple Wallet' }).click();
    const visitorPass = await passJsonOf(await visitorDownloading);
    expect(visitorPass).toMatchObject({ serialNumber: cardId, backgroundColor: 'rgb(18, 52, 86)' });
  } finally {
    await visitor.close();
  }
});

test('a Basic user sees the paid overlay on both wallet tabs, and their public page has no wallet buttons', async ({ page }) => {
  await registerThroughApi(page, { name: 'Basil Basic' });
  const cardId = await createCard(page, { title: 'Work', name: 'Basil Basic' });

  for (const tab of ['apple-wallet', 'google-wallet']) {
    await page.goto(`/customize/edit/${cardId}/${tab}`);
    await expect(page.getByRole('heading', { name: 'This is a Paid feature' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    await expect(page.getByRole('button', { name: 'Save pass settings' })).toHaveCount(0);
  }
  await expectAccessible(page);

  await page.goto(`/id/${cardId}/`);
  await expect(page.getByRole('link', { name: 'Save contact' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Add to (Apple|Google) Wallet/ })).toHaveCount(0);
});
