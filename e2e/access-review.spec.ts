import { expect, test } from '@playwright/test';
import { decodedMailsFor, expectAccessible, mailLinkFor, registerThroughApi } from './support';

/*
 * After a password reset, what still has access: the reset ends every session, not an API key. The reset page
 * goes on to /password-changed, which (once signed in again) lists the key and revokes all access but this
 * browser; the key then no longer opens the public API.
 */

test('a reset through the mailed link, then the access review: the API key is listed, revoked, and stops working', async ({ page, request }) => {
  const origin = { origin: process.env.E2E_BASE_URL! };
  const account = await registerThroughApi(page, { name: 'Paula Review' });
  const created = await page.request.post('/api/integrations/api-keys', { data: { name: 'Laptop script', scopes: ['contacts:read'] }, headers: origin });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const apiMe = () => request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await apiMe()).status()).toBe(200);
  await page.context().clearCookies();

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.goto(await mailLinkFor(account.email, /\/api\/auth\/reset-password\/[^\s"<]+/));
  await page.getByLabel('New password', { exact: false }).first().fill('a fresh password');
  await page.getByLabel('Confirm new password').fill('a fresh password');
  await page.getByRole('button', { name: 'Save new password' }).click();

  // Signed out (the reset ended every session): the page says so and offers to sign in, then comes back.
  await expect(page).toHaveURL(/\/password-changed$/);
  await expect(page.getByRole('heading', { name: 'Your password was changed.' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fpassword-changed$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('a fresh password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/password-changed$/);
  const apiKeys = page.getByRole('region', { name: 'API keys' });
  await expect(apiKeys).toContainText('Laptop script');
  await expect(page.getByRole('region', { name: 'Connected apps' })).toContainText('None');
  await expect(page.getByRole('region', { name: 'Webhooks' })).toContainText('None');
  await expect(page.getByRole('region', { name: 'Signed-in devices' })).toContainText('(this browser)');
  await expectAccessible(page);
  // The reset's notice listed the key too.
  await mailLinkFor(account.email, /\/password-changed/);
  expect(decodedMailsFor(account.email).find((mail) => mail.includes('Subject: Your password was changed'))).toContain('Laptop script');

  await page.getByRole('button', { name: 'Revoke all access except this browser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke all access except this browser?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Revoke all access' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'All access was revoked. Only this browser is still signed in.' }).first()).toBeVisible();
  await expect(apiKeys).toContainText('None');
  await expect(apiKeys).not.toContainText('Laptop script');

  expect((await apiMe()).status()).toBe(401);
  await page.goto('/settings');
  await expect(page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')).toHaveCount(1);
});
