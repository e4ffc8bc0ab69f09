import { expect, test } from '@playwright/test';
import { googleUser } from './global-setup';
import { decodedMailsFor, expectAccessible, registerThroughApi, registerThroughUi, uniqueEmail } from './support';

test('register, sign out, sign in again, change name and password in settings', async ({ page }) => {
  const email = uniqueEmail('ada');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectAccessible(page);
  await registerThroughUi(page, { name: 'Ada Lovelace', email, password: 'analytical engine' });

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page);

  // The welcome mail reaches the local mailbox through the outbox worker.
  await expect.poll(() => decodedMailsFor(email).filter((mail) => mail.includes('Create your card')).length, { timeout: 30_000 }).toBe(1);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();

  await page.getByLabel('Password').fill('analytical engine');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expectAccessible(page);

  await page.getByLabel('Display name').fill('Ada King');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Changes saved!')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Ada King')).toBeVisible();

  const passwordPanel = page.getByRole('region', { name: 'Password' });
  await passwordPanel.getByLabel('Current password').fill('not my password');
  await passwordPanel.getByLabel(/^New password/).fill('difference engine');
  await passwordPanel.getByLabel('Confirm new password').fill('difference engine');
  await passwordPanel.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordPanel.getByText('The password is incorrect.')).toBeVisible();
  await passwordPanel.getByLabel('Current password').fill('analytical engine');
  await passwordPanel.getByRole('button', { name: 'Change password' }).click();
  // The form empties itself once the change is saved (the name's "Changes saved!" may still be showing).
  await expect(passwordPanel.getByLabel('Current password')).toHaveValue('');
  await expect(page.getByText('Changes saved!').first()).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('difference engine');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
});

test('registration shows the taken-email message under the email field', async ({ page }) => {
  const { email } = await registerThroughApi(page);
  await page.context().clearCookies();
  await registerThroughUi(page, { name: 'Someone', email, password: 'long enough password' });
  await expect(page.getByText('An account with this email already exists. Sign in instead.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('a new Google user lands on onboarding, a returning one on the cards list, with OAuth values on /oauth', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${googleUser.name}!` })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login?client_id=zapier&state=s123&redirect_uri=https%3A%2F%2Fzapier.example%2Fcb&response_type=code');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/oauth\?client_id=zapier&state=s123&redirect_uri=https%3A%2F%2Fzapier.example%2Fcb&response_type=code$/);
});

test('deleting the account goes to /register and the old password no longer works', async ({ page }) => {
  const account = await registerThroughApi(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
});

test('unknown paths and /not-found show the not-found screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/not-found');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
