import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

/** What each plan includes, as the editor shows it: paid overlays on Basic, and the lead form settings. */

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

/** A toast with this text is shown, then dismissed (a fading toast would trouble the accessibility check). */
async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.getByText(text, { exact: true }) }).first();
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toBeHidden();
}

async function createCard(page: Page, data: Record<string, unknown>): Promise<string> {
  const created = await page.request.post('/api/cards', { data, headers: origin() });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).card.id;
}

const paidOverlay = (page: Page, section: string) =>
  page.getByRole('region', { name: section, exact: true }).getByRole('heading', { name: 'This is a Paid feature' });

test('a Basic user sees the paid overlay on the colours, videos and files sections, and sets up the lead form', async ({ page }) => {
  await registerThroughApi(page, { name: 'Basil Basic' });
  const cardId = await createCard(page, { title: 'Work', name: 'Basil Basic' });

  await page.goto(`/customize/edit/${cardId}`);
  await expect(page.getByRole('heading', { name: 'Edit card' })).toBeVisible();
  await expect(paidOverlay(page, 'Colours')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Colours', exact: true }).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
  // The colour fields are only a dimmed picture behind the overlay: not reachable.
  await expect(page.getByRole('textbox', { name: 'Background colour', exact: true })).toHaveCount(0);
  await expect(page.locator('[inert] input').first()).toBeAttached();
  await expectAccessible(page);

  // Lead form settings, with the preview following the typing.
  const preview = page.getByRole('region', { name: 'Preview' });
  const settings = page.getByRole('region', { name: 'Lead form', exact: true });
  await expect(settings.getByRole('switch', { name: 'Show the lead form on the card' })).toBeChecked();
  await expect(preview.getByText('I agree that the owner of this card may store these details and contact me.')).toBeVisible();
  await settings.getByLabel('Thank-you message').fill('Thanks, talk soon!');
  await settings.getByLabel('Consent text').fill('You may email me about Basil’s work.');
  await expect(preview.getByText('You may email me about Basil’s work.')).toBeVisible();
  await expect(preview.getByText('Thanks, talk soon!')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Changes saved!');

  await page.getByRole('navigation', { name: 'Card editor sections' }).getByRole('link', { name: 'Links' }).click();
  await expect(paidOverlay(page, 'YouTube videos')).toBeVisible();
  await expect(paidOverlay(page, 'Files')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add YouTube video' })).toHaveCount(0);
  await expect(page.locator('[inert] input[type="file"]')).toHaveCount(1);
  await expectAccessible(page);

  // The public page shows the owner's consent text; turned off, the form is gone.
  await page.goto(`/id/${cardId}/`);
  await expect(page.getByText('You may email me about Basil’s work.')).toBeVisible();
  await page.goto(`/customize/edit/${cardId}`);
  await page.getByRole('switch', { name: 'Show the lead form on the card' }).click();
  await expect(page.getByLabel('Consent text')).toHaveCount(0);
  await expect(preview.getByRole('region', { name: 'Lead form preview' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Changes saved!');
  await page.goto(`/id/${cardId}/`);
  await expect(page.getByRole('heading', { name: 'Leave your details' })).toHaveCount(0);
});

test('a Pro user gets the colours, videos and files without an overlay', async ({ page }) => {
  await registerThroughApi(page, { name: 'Paula Pro' });
  const checkout = await page.request.post('/api/billing/checkout', { data: { plan: 'subscribed', period: 'month' }, headers: origin() });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  await page.goto((await checkout.json()).url);
  await page.getByRole('button', { name: 'Complete test checkout' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
  const cardId = await createCard(page, { title: 'Work', name: 'Paula Pro' });

  await page.goto(`/customize/edit/${cardId}`);
  await expect(page.getByRole('textbox', { name: 'Background colour', exact: true })).toBeVisible();
  await expect(paidOverlay(page, 'Colours')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Card editor sections' }).getByRole('link', { name: 'Links' }).click();
  await expect(page.getByRole('button', { name: 'Add YouTube video' })).toBeVisible();
  await expect(page.getByLabel('Upload a file')).toBeVisible();
  await expect(page.locator('[inert]')).toHaveCount(0);
});

test('a chunk that has not arrived after 120000 ms shows the Reload screen', async ({ page }) => {
  await registerThroughApi(page, { name: 'Slow Network' });
  await page.clock.install();
  await page.goto('/customize');
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  // The contacts screen's chunk never answers.
  await page.route(/\/assets\/contacts-page-[^/]+\.js$/, () => undefined);
  // The timer starts before the chunk is asked for: move the clock only once the request is out.
  const chunkRequested = page.waitForRequest(/\/assets\/contacts-page-[^/]+\.js$/);
  await page.getByRole('link', { name: 'Contacts' }).first().click();
  await chunkRequested;
  await page.clock.fastForward(119_000);
  await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);
  await page.clock.fastForward(2_000);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await page.unroute(/\/assets\/contacts-page-[^/]+\.js$/);
});
