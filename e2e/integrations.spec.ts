import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

/*
 * Settings → Integrations and the /oauth consent screen. The e2e server registers a Zapier client whose return
 * address (https, as production requires) the browser test answers itself, so the browser can follow the
 * redirect without the internet; the test then does Zapier's part (the token request) with its own HTTP client.
 */

const base = () => process.env.E2E_BASE_URL!;
const zapier = { clientId: 'e2e-zapier', secret: 'e2e-zapier-secret', redirectUri: 'https://zapier-return.example/return' };

async function buyPro(page: Page) {
  const response = await page.request.post('/api/billing/checkout', { data: { plan: 'subscribed', period: 'month' }, headers: { origin: base() } });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto((await response.json()).url);
  await page.getByRole('button', { name: 'Complete test checkout' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
}

const consentPath = (state: string) =>
  `/oauth?${new URLSearchParams({ client_id: zapier.clientId, state, redirect_uri: zapier.redirectUri, response_type: 'code' }).toString()}`;

test('connects Zapier through /oauth (signing in on the way), sees "Connected", then disconnects', async ({ page }) => {
  const account = await registerThroughApi(page, { name: 'Zap Person' });
  await buyPro(page);

  await page.goto('/settings/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 2 })).toBeVisible();
  await expect(page.getByText('Here you can connect the tool you use every day.')).toBeVisible();
  const tile = page.getByRole('article', { name: 'Zapier' });
  await expect(tile.getByText('Build custom automations and integrations with apps.')).toBeVisible();
  await expect(tile.getByRole('link', { name: 'Connect', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Zapier sends a signed-out browser to /oauth: sign in first, then land back on the consent screen.
  await page.context().clearCookies();
  await page.goto(consentPath('state-from-zapier'));
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Allow Zapier to access your account?' })).toBeVisible();
  await expect(page).toHaveURL(/\/oauth\?/);
  await expectAccessible(page);
  await page.route((url) => url.origin === new URL(zapier.redirectUri).origin, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Zapier</title>' }));
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/^https:\/\/zapier-return\.example\/return\?/);
  const returned = new URL(page.url());
  expect(returned.searchParams.get('state')).toBe('state-from-zapier');
  const code = returned.searchParams.get('code')!;
  expect(code).toBeTruthy();

  // Zapier's server: the code for tokens, then the connection test.
  const token = await page.request.post('/api/oauth/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: zapier.redirectUri, client_id: zapier.clientId, client_secret: zapier.secret },
  });
  expect(token.ok(), await token.text()).toBe(true);
  const { access_token: accessToken } = await token.json();
  const me = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(await me.json()).toMatchObject({ email: account.email, name: 'Zap Person' });

  await page.goto('/settings/integrations');
  await expect(tile.getByRole('link', { name: 'Connected' })).toBeVisible();
  await tile.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog', { name: 'Disconnect Zapier?' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(tile.getByRole('link', { name: 'Connect', exact: true })).toBeVisible();
  const after = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(after.status()).toBe(401);
});

test('refuses a return address Zapier did not register, with a page and no redirect', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto(`/oauth?${new URLSearchParams({ client_id: zapier.clientId, state: 's', redirect_uri: 'https://attacker.example/cb', response_type: 'code' }).toString()}`);
  await expect(page.getByRole('heading', { name: 'This connection cannot continue' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('has not registered');
  expect(new URL(page.url()).pathname).toBe('/oauth');
});

test('a Basic user creates an API key (shown once), lists and revokes it, and adds and removes a webhook; Zapier stays a paid feature', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/settings/integrations');
  await expect(page.getByRole('heading', { name: 'This is a Paid feature' })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Key name').fill('My spreadsheet');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const shown = page.getByLabel('New API key');
  await expect(shown).toContainText('csk_');
  const key = (await shown.textContent())!.trim();
  const me = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
  expect(me.ok()).toBe(true);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  const list = page.getByRole('list', { name: 'API keys' });
  await expect(list.getByText('My spreadsheet')).toBeVisible();
  await expect(list).not.toContainText(key);
  await list.getByRole('button', { name: 'Revoke My spreadsheet' }).click();
  await page.getByRole('dialog', { name: 'Revoke this API key?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  expect((await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);

  // Webhooks, on Basic too: a private address is refused under its field; a public https one is added, its
  // signing secret shown once, its (empty) deliveries listed, and removed.
  await page.getByLabel('Target URL').fill('https://127.0.0.1/hook');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText('private or local address')).toBeVisible();
  await page.getByLabel('Target URL').fill('https://93.184.215.14/hooks/new-leads');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByLabel('Signing secret')).toContainText('whsec_');
  const hooks = page.getByRole('list', { name: 'Webhooks' });
  await expect(hooks.getByText('https://93.184.215.14/hooks/new-leads')).toBeVisible();
  await hooks.getByRole('button', { name: 'Deliveries' }).click();
  await expect(hooks.getByText('Nothing sent yet.')).toBeVisible();
  await hooks.getByRole('button', { name: /Remove webhook lead.created/ }).click();
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
});

test('a signed-out visitor continues with Google from /oauth and lands back on the consent screen', async ({ page }) => {
  await page.goto(consentPath('google-state'));
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Allow Zapier to access your account?' })).toBeVisible();
  const landed = new URL(page.url());
  expect(landed.pathname).toBe('/oauth');
  expect(landed.searchParams.get('state')).toBe('google-state');
  expect(landed.searchParams.get('redirect_uri')).toBe(zapier.redirectUri);
});
