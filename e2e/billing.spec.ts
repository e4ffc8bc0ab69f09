import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

/**
 * Plans and billing through the built-in test checkout (no money moves). The e2e server runs with
 * BILLING_TEST_CLOCK=true so a test can move billing time past the end of a period.
 */

const origin = () => ({ origin: process.env.E2E_BASE_URL! });
const planCard = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });

async function completeTestCheckout(page: Page) {
  await expect(page).toHaveURL(/\/billing\/local-checkout\/lcs_/);
  await expect(page.getByText('No money moves', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Complete test checkout' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
}

/** Subscribes through the API and the test checkout page, as a quick way to set a plan up. */
async function subscribe(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post('/api/billing/checkout', { data: body, headers: origin() });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto((await response.json()).url);
  await completeTestCheckout(page);
}

async function billingStatus(page: Page) {
  const response = await page.request.get('/api/billing');
  expect(response.ok()).toBe(true);
  return response.json();
}

test('a Basic user upgrades to Pro through the test checkout: the trial is shown and the paid feature unlocks', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/settings/pricing-plans');
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your pricing plan' })).toBeVisible();
  const payment = page.getByRole('region', { name: 'Payment details' });
  await expect(payment.getByRole('heading', { name: 'This is a Paid feature' })).toBeVisible();
  await expect(payment.getByText('Upgrade your account to use this feature')).toBeVisible();
  await expect(payment.getByRole('button', { name: 'Manage payment details' })).toHaveCount(0);
  await expectAccessible(page);

  await payment.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your pricing plan' })).toBeVisible();
  await expect(planCard(page, 'Basic').getByText('Current plan')).toBeVisible();
  await expect(planCard(page, 'Basic').getByText('1 unique card')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  // Everything of the plan list is built: wallet passes and Zapier on the paid plans (below "Read more"; Teams
  // has "Everything in Pro"); Insights and the scanner, on every plan.
  await expect(planCard(page, 'Basic').getByText(/Wallet|Zapier/)).toHaveCount(0);
  for (const title of ['Basic', 'Pro', 'Teams']) {
    await expect(planCard(page, title).getByText('Insights and Analytics')).toBeVisible();
    await expect(planCard(page, title).getByText('AI Scanner')).toBeVisible();
    await expect(planCard(page, title).getByText('New', { exact: true })).toHaveCount(2);
  }
  await expectAccessible(page);

  // Prices follow the period; yearly is "2 months for free".
  const pro = planCard(page, 'Pro');
  await expect(pro.getByText('€4.99', { exact: true })).toBeVisible();
  await expect(page.getByText('2 months for free')).toBeVisible();
  await page.getByText('Pay Yearly').click();
  await expect(pro.getByText('€49.90', { exact: true })).toBeVisible();
  await expect(planCard(page, 'Teams').getByText('€9.99 per card / year')).toBeVisible();
  await page.getByText('Pay Monthly').click();
  await expect(pro.getByText('€4.99', { exact: true })).toBeVisible();

  await expect(pro.getByText('Custom card design', { exact: true })).toBeVisible();
  await expect(pro.getByText('Widgets and attachments', { exact: true })).toBeHidden();
  await expect(pro.getByText('CSV export and Zapier', { exact: true })).toBeHidden();
  await expect(pro.getByText('Contacts and lead form')).toBeHidden();
  await pro.getByRole('button', { name: 'Read more' }).click();
  await expect(pro.getByText('Widgets and attachments', { exact: true })).toBeVisible();
  await expect(pro.getByText('Apple Wallet and Google Wallet passes')).toBeVisible();
  await expect(pro.getByText('CSV export and Zapier', { exact: true })).toBeVisible();
  await expect(pro.getByText('Contacts and lead form')).toBeVisible();
  await pro.getByRole('button', { name: 'Collapse' }).click();
  await expect(pro.getByText('Contacts and lead form')).toBeHidden();
  // The optional extra leads to the custom design form.
  await expect(pro.getByRole('link', { name: 'Order a custom NFC card' })).toHaveAttribute('href', '/custom-design-form');
  await expect(pro.getByText('7-day free trial, then €4.99 / month. Cancel anytime.')).toBeVisible();

  await page.getByRole('radio', { name: 'Pro', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/billing\/local-checkout\/lcs_/);
  await expect(page.getByText('7-day free trial: nothing is due today.')).toBeVisible();
  await completeTestCheckout(page);

  // The chosen plan title came back from session storage, with the end of the trial.
  const result = page.getByRole('status').filter({ hasText: 'You are now on Pro.' });
  await expect(result).toBeVisible();
  await expect(result).toContainText(/Your free trial ends on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  await expect(planCard(page, 'Pro').getByText('Current plan')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/settings/pricing-plans');
  await expect(payment.getByRole('heading', { name: 'This is a Paid feature' })).toHaveCount(0);
  await expect(payment.getByText('Free trial ends on')).toBeVisible();
  await payment.getByRole('button', { name: 'Manage payment details' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment portal' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/settings\/pricing-plans$/);
});

test('a Teams user changes size after confirming the pricing-model change; 251+ asks for a quote', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/subscription');
  await page.getByRole('radio', { name: 'Teams', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Teams, up to 10 cards')).toBeVisible();
  await expect(page.getByText('14-day free trial: nothing is due today.')).toBeVisible();
  await completeTestCheckout(page);
  await expect(page.getByRole('status').filter({ hasText: 'You are now on Teams.' })).toBeVisible();
  const teams = planCard(page, 'Teams');
  await expect(teams.getByText('Current plan')).toBeVisible();

  await teams.getByRole('combobox', { name: 'Team size' }).click();
  await page.getByRole('option', { name: 'Up to 50 cards' }).click();
  await expect(teams.getByText('€39.99', { exact: true })).toBeVisible();
  await expect(teams.getByText('€0.80 per card / month')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to change the pricing model?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/subscription/);

  await page.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Teams, up to 50 cards')).toBeVisible();
  await expect(page.getByText('No free trial: the plan starts today.')).toBeVisible();
  await completeTestCheckout(page);
  await expect(page.getByRole('status').filter({ hasText: 'You are now on Teams.' })).toBeVisible();
  const status = await billingStatus(page);
  expect(status).toMatchObject({ plan: 'team', subscription: { size: 50, status: 'active', unitAmount: 3999 } });

  await teams.getByRole('combobox', { name: 'Team size' }).click();
  await page.getByRole('option', { name: 'More than 250 cards (251+)' }).click();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  const quote = page.getByRole('link', { name: 'Get a quote' });
  await expect(quote).toHaveAttribute('href', 'https://sales.example.com/enterprise-quote');
  await expect(quote).toHaveAttribute('target', '_blank');
});

test('a Pro user downgrades to Basic: impacts listed, success shown, Basic and locked cards after the period ends', async ({ page }) => {
  await registerThroughApi(page);
  await subscribe(page, { plan: 'subscribed', period: 'month' });
  const cardIds: string[] = [];
  for (const title of ['Work', 'Side project']) {
    // Pro's own colours and a video: a downgrade to Basic takes them away at the period end.
    const created = await page.request.post('/api/cards', {
      data: {
        title,
        name: 'Pro User',
        theme: { backgroundColor: '#1f2937', foregroundColor: '#f9fafb', labelColor: '#fbbf24' },
        widgets: [{ kind: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
      },
      headers: origin(),
    });
    expect(created.status(), await created.text()).toBe(201);
    cardIds.push((await created.json()).card.id);
  }
  await page.goto(`/id/${cardIds[0]}/`);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1f2937');
  await expect(page.locator('iframe')).toHaveCount(1);
  expect((await (await page.request.get('/api/billing/card-access')).json()).blockedCardIds).toEqual([]);

  await page.goto('/subscription');
  await expect(planCard(page, 'Pro').getByText('Current plan')).toBeVisible();
  await page.getByRole('radio', { name: 'Basic', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to downgrade?' });
  await expect(dialog).toBeVisible();
  const impacts = dialog.getByRole('list', { name: 'What changes' });
  await expect(impacts.getByRole('listitem')).toHaveText([
    'Only 1 card is kept; the rest are locked.',
    'Your card design is reset to the default.',
    'Widgets and attachments are erased.',
    'Apple Wallet and Google Wallet are locked.',
    'CSV export and Zapier are locked.',
  ]);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Downgrade' }).click();

  const success = page.getByRole('dialog', { name: 'Plan downgraded successfully!' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(/You keep Pro until [A-Z][a-z]+ \d{1,2}, \d{4}\. Then your plan becomes Basic\./);
  await success.getByRole('button', { name: 'Go to digital cards' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The plan stays until the end of the billing period (the trial here).
  expect(await billingStatus(page)).toMatchObject({ plan: 'subscribed', subscription: { cancelAtPeriodEnd: true } });
  const moved = await page.request.post('/api/billing/test-clock', { data: { days: 8 }, headers: origin() });
  expect(moved.ok(), await moved.text()).toBe(true);

  expect(await billingStatus(page)).toMatchObject({ plan: 'basic', subscription: null });
  expect((await (await page.request.get('/api/me')).json()).plan).toBe('basic');
  const access = await (await page.request.get('/api/billing/card-access')).json();
  expect(access).toMatchObject({ maxActiveCards: 1, canCreateCard: false });
  expect(access.blockedCardIds).toHaveLength(1);

  // The period is over: the active card shows the default design and no video, exactly as the dialog said. The
  // job runner applies it in the background, within a poll or two.
  const activeId = cardIds.find((id) => !access.blockedCardIds.includes(id))!;
  await expect
    .poll(async () => (await (await page.request.get(`/api/cards/${activeId}`)).json()).card.widgets.length, { timeout: 20_000 })
    .toBe(0);
  await page.goto(`/id/${activeId}/`);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Pro User' })).toBeVisible();

  await page.goto('/subscription');
  await expect(planCard(page, 'Basic').getByText('Current plan')).toBeVisible();
  await page.goto('/settings/pricing-plans');
  await expect(page.getByRole('region', { name: 'Payment details' }).getByRole('heading', { name: 'This is a Paid feature' })).toBeVisible();
});
