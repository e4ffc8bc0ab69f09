import fs from 'node:fs';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { operatorEmail } from './global-setup';
import { expectAccessible, registerThroughApi, registerThroughUi, uniqueEmail } from './support';

/*
 * Physical NFC cards and the operator console in the browser: the operator creates a batch in /admin and
 * downloads its CSV; a new customer taps one of its addresses, registers and lands in the editor of the
 * activated card; a visitor sends the custom design form with a logo and the operator sees it.
 */

test.describe.configure({ mode: 'serial' });

/** The operator, signed in in a browser context of their own (the address is in ADMIN_EMAILS). */
async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: operatorEmail, password: 'correct horse battery' },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  if (!signIn.ok()) await registerThroughApi(page, { email: operatorEmail, name: 'Olga Operator' });
  return page;
}

test('an operator creates a batch and downloads its CSV; a new customer taps a card, registers and edits it', async ({ browser, page }) => {
  const operator = await operatorPage(browser);
  await operator.goto('/admin/preorders');
  await expect(operator.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  await operator.getByLabel('Product id').fill('nfc-black');
  await operator.getByLabel('Product name').fill('Black NFC card');
  await operator.getByLabel('Number of cards').fill('3');
  await expectAccessible(operator);
  await operator.getByRole('button', { name: 'Create batch' }).click();
  await expect(operator.getByText('Created 3 pre-order(s).')).toBeVisible();
  const row = operator.getByRole('row').filter({ hasText: 'Black NFC card (nfc-black)' }).first();
  await expect(row).toContainText('3');

  const downloading = operator.waitForEvent('download');
  await row.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^preorders-nfc-black-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
  expect(lines[0]).toBe('id,url,qr');
  expect(lines).toHaveLength(4);
  const [preorderId, url] = lines[1]!.split(',');
  expect(url).toBe(`${process.env.E2E_BASE_URL}/id/${preorderId}/?src=nfc`);

  // The first tap: the card is not activated yet.
  const tap = new URL(url!);
  await page.goto(`${tap.pathname}${tap.search}`);
  await expect(page.getByRole('heading', { name: 'This card is not activated yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Activate this card' }).click();
  await expect(page.getByRole('heading', { name: 'Activate this card' })).toBeVisible();
  await expect(page.getByText('Black NFC card')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?next=/);
  await page.getByLabel('Name').fill('Nina NFC');
  await page.getByLabel('Email').fill(uniqueEmail('nfc'));
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(new RegExp(`/customize/edit/${preorderId}$`));
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Card activated successfully' })).toBeVisible();
  // The card is the default and every tap now opens it.
  await page.goto('/');
  await expect(page.getByText('Physical cards')).toBeVisible();
  await page.goto(`${tap.pathname}${tap.search}`);
  await expect(page.getByText('Nina NFC').first()).toBeVisible();

  // A second physical card, signed in: linked to the card Nina already has instead of a new one.
  const secondId = lines[2]!.split(',')[0]!;
  await page.goto(`/activate/${secondId}`);
  await page.getByLabel('Or let it open one of your cards').selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Use this card' }).click();
  await expect(page).toHaveURL(new RegExp(`/customize/edit/${preorderId}$`));
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Card successfully activated!' })).toBeVisible();

  // The console shows the activated cards.
  await operator.reload();
  await expect(operator.getByRole('row').filter({ hasText: 'Black NFC card (nfc-black)' }).first().getByRole('cell').nth(3)).toHaveText('2');
});

test('a visitor sends the custom design form with a logo and the operator sees it', async ({ browser, page }) => {
  await page.goto('/custom-design-form');
  await expect(page.getByRole('heading', { name: 'Order a custom NFC card' })).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();

  const name = `Vera Visitor ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(uniqueEmail('visitor'));
  await page.getByLabel('Company').fill('Visitor & Co');
  await page.getByLabel('Quantity').fill('150');
  await page.getByLabel('Material').selectOption({ label: 'Metal' });
  await page.getByLabel('Finish').selectOption({ label: 'Matte' });
  const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a7cff' } }).png().toBuffer();
  await page.getByLabel('Logo').setInputFiles({ name: 'company-logo.png', mimeType: 'image/png', buffer: logo });
  await page.getByLabel('Notes').fill('Gold edges, please.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you! We received your request');

  const operator = await operatorPage(browser);
  await operator.goto('/admin/requests');
  await expect(operator.getByText('Done and rejected requests are deleted with their files 365 days after their last change.')).toBeVisible();
  const request = operator.getByRole('listitem').filter({ hasText: name });
  await expect(request).toContainText('150 cards, Metal, Matte');
  await expect(request).toContainText('Gold edges, please.');
  await expect(request.getByRole('link', { name: 'Logo: company-logo.png' })).toBeVisible();
  await request.getByLabel('Status').selectOption({ label: 'In progress' });
  await expect(operator.getByText('Saved.')).toBeVisible();
});

test('the operator finds a user and grants a plan; the audit log shows it', async ({ browser }) => {
  const operator = await operatorPage(browser);
  const customer = await (await browser.newContext()).newPage();
  const account = await registerThroughApi(customer, { name: 'Gary Granted' });
  await operator.goto('/admin/users');
  await operator.getByLabel('Search by name or email').fill(account.email);
  await operator.getByRole('button', { name: 'Search', exact: true }).click();
  await operator.getByRole('button', { name: `Open ${account.email}` }).click();
  const detail = operator.getByRole('region', { name: `Account ${account.email}` });
  await detail.getByLabel('Granted plan').selectOption({ label: 'Pro' });
  await detail.getByLabel('card_limitation').fill('5');
  await expectAccessible(operator);
  await detail.getByRole('button', { name: 'Save plan' }).click();
  await expect(detail).toContainText('plan Pro');
  await operator.goto('/admin/audit');
  await expect(operator.getByRole('row').filter({ hasText: 'user.plan' }).first()).toContainText(operatorEmail);
});

test('someone who is not an operator sees no console', async ({ page }) => {
  await registerThroughUi(page, { name: 'Not Operator', email: uniqueEmail('plain'), password: 'correct horse battery' });
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByText('This page is for the operators of this service.')).toBeVisible();
});
