import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, mailLinkFor, registerThroughApi, registerThroughUi, uniqueEmail } from './support';

/*
 * Accounts and security in the browser: password reset and email verification with the mails read from the
 * local mailbox, two-factor sign-in with codes computed by an independent TOTP implementation, and signing out
 * another device from Settings → General.
 */

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('forgot password: the mailed link sets a new password once, and the old one stops working', async ({ page }) => {
  const account = await registerThroughApi(page, { name: 'Rita Reset' });
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toBeVisible();

  const link = await mailLinkFor(account.email, /\/api\/auth\/reset-password\/[^\s"<]+/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: false }).first().fill('a fresh password');
  await page.getByLabel('Confirm new password').fill('a fresh password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/password-changed$/);
  await expect(page.getByRole('heading', { name: 'Your password was changed.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fpassword-changed');
  // Links from before keep their message.
  await page.goto('/login?reset=done');
  await expect(page.getByText('Your password was changed. Sign in with the new one.')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?error=INVALID_TOKEN$/);
  await expect(page.getByText('This link has expired or was already used. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save new password' })).toBeDisabled();

  await signIn(page, account.email, account.password);
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await page.getByLabel('Password').fill('a fresh password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
});

test('email verification: a new account is told what waits for the confirmation until it opens the mailed link', async ({ page }) => {
  const email = uniqueEmail('vera');
  await registerThroughUi(page, { name: 'Vera Verify', email, password: 'verify me please' });
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();

  await page.goto('/settings');
  const notice = page.getByRole('note', { name: 'Email not confirmed' });
  await expect(notice).toContainText('we send no team invitations and no lead notifications');
  await expectAccessible(page);

  const link = await mailLinkFor(email, /\/api\/auth\/verify-email\?[^\s"<]+/);
  await page.goto(link);
  // The confirmation removed the password given at sign-up: the person who opened the link chooses one.
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^New password/).fill('verified and chosen');
  await page.getByLabel('Confirm new password').fill('verified and chosen');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/\?email=confirmed$/);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Email' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Email not confirmed' })).toHaveCount(0);
});

test('two-factor sign-in: set up with an authenticator app, then sign in with its code', async ({ page }) => {
  const account = await registerThroughApi(page, { name: 'Tom Totp' });
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
  await panel.getByLabel('Current password').fill(account.password);
  await panel.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(panel.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page);

  // The key to type comes first; the backup codes below it are code too.
  const secret = (await panel.locator('code').first().textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  await panel.getByLabel('Authentication code').fill(totp.generate());
  await panel.getByRole('button', { name: 'Turn on' }).click();
  await expect(panel.getByText('On: signing in asks for a code')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Authentication code').fill('000000' === totp.generate() ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This code is not valid.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
});

test('signed-in devices: sign another device out from Settings → General', async ({ page, browser }) => {
  const account = await registerThroughApi(page, { name: 'Sam Sessions' });
  const otherContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await otherContext.newPage();
  try {
    await signIn(other, account.email, account.password);
    await expect(other.getByRole('heading', { name: 'My cards' })).toBeVisible();

    await page.goto('/settings');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByText('This device')).toBeVisible();
    await expectAccessible(page);
    await devices.getByRole('button', { name: /^Sign out / }).click();
    await expect(page.getByText('Signed out of that device.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    await other.goto('/settings');
    await expect(other).toHaveURL(/\/login\?next=%2Fsettings$/);
  } finally {
    await otherContext.close();
  }
});
