import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

/*
 * Passkeys in the browser, with Chromium's own virtual authenticator (DevTools protocol WebAuthn domain) as the
 * device: a platform authenticator that keeps discoverable credentials and verifies its user.
 */

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a passkey added in Settings signs in on its own, and is removed there', async ({ page }) => {
  const account = await registerThroughApi(page, { name: 'Pia Passkey' });
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'Passkeys' });
  await expect(panel.getByText('No passkeys yet.')).toBeVisible();
  await expectAccessible(page);
  await panel.getByLabel('Passkey name').fill('This laptop');
  await panel.getByLabel('Current password').fill(account.password);
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(panel.getByRole('list', { name: 'Passkeys' }).getByText('This laptop')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();

  await page.goto('/settings');
  await panel.getByRole('button', { name: 'Remove This laptop' }).click();
  await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove passkey' }).click();
  await expect(panel.getByText('No passkeys yet.')).toBeVisible();

  // The device still holds the passkey, but it no longer signs in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey is not registered for an account here.');
});
