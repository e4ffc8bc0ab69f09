import * as OTPAuth from 'otpauth';
import { expect, test } from '@playwright/test';
import { expectAccessible, mailLinkFor, registerThroughApi, registerThroughUi, signInToGoogleAs, uniqueEmail } from './support';

/*
 * Accounts nobody can take over, in the browser: "Continue with Google" into an account with two-factor on asks
 * for the code (the mock provider plays Google, an independent TOTP implementation plays the phone), and a
 * confirmation link opened by the address's owner leaves nothing to whoever signed up with it.
 */

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

test('Google sign-in into an account with two-factor on asks for the authenticator code', async ({ page }) => {
  const account = await registerThroughApi(page, { name: 'Gwen Guarded', email: uniqueEmail('gwen') });
  const enabled = await page.request.post('/api/auth/two-factor/enable', { data: { password: account.password }, headers: origin() });
  const totp = OTPAuth.URI.parse(((await enabled.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
  expect((await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: totp.generate() }, headers: origin() })).ok()).toBe(true);
  await page.context().clearCookies();

  const google = signInToGoogleAs({ email: account.email, name: account.name });
  try {
    await page.goto('/login?next=%2Fcontacts');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await expectAccessible(page);
    // Nothing is signed in yet: the app's screens still send the browser to sign-in.
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  } finally {
    google.restore();
  }
});

test('the owner confirming an address someone else signed up with leaves that someone nothing', async ({ browser }) => {
  const email = uniqueEmail('owner');
  const registrant = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const registrantPage = await registrant.newPage();
  await registerThroughUi(registrantPage, { name: 'Not The Owner', email, password: 'someone elses password' });
  await expect(registrantPage.getByRole('heading', { name: 'My cards' })).toBeVisible();

  const owner = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const ownerPage = await owner.newPage();
  await ownerPage.goto(await mailLinkFor(email, /\/api\/auth\/verify-email\?[^\s"<]+/));
  await expect(ownerPage.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await ownerPage.getByLabel(/^New password/).fill('the real owner chose');
  await ownerPage.getByLabel('Confirm new password').fill('the real owner chose');
  await ownerPage.getByRole('button', { name: 'Save password' }).click();
  await expect(ownerPage.getByRole('heading', { name: 'My cards' })).toBeVisible();

  // The registrant's session is gone, and their password no longer signs in.
  await registrantPage.goto('/contacts');
  await expect(registrantPage).toHaveURL(/\/login\?next=%2Fcontacts$/);
  await registrantPage.getByLabel('Email').fill(email);
  await registrantPage.getByLabel('Password').fill('someone elses password');
  await registrantPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(registrantPage.getByText('The email or password is incorrect.')).toBeVisible();
  await registrant.close();
  await owner.close();
});
