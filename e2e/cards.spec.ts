import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, registerThroughApi } from './support';

/** A toast with exactly this text is shown; it is dismissed so the next one with the same text is not confused with it. */
async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.getByText(text, { exact: true }) }).first();
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toBeHidden();
}

async function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

function cardTiles(page: Page): Locator {
  return page.getByRole('list').first().getByRole('article');
}

async function chooseMenuAction(tile: Locator, action: string): Promise<void> {
  await tile.getByRole('button', { name: 'More actions' }).click();
  await tile.page().getByRole('menuitem', { name: action }).click();
}

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

/** Pro through the built-in test checkout page (e2e/billing.spec.ts walks the pricing screen itself). */
async function subscribeToPro(page: Page): Promise<void> {
  const response = await page.request.post('/api/billing/checkout', { data: { plan: 'subscribed', period: 'month' }, headers: origin() });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto((await response.json()).url);
  await page.getByRole('button', { name: 'Complete test checkout' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
}

async function createCardThroughApi(page: Page, data: Record<string, unknown>): Promise<{ id: string }> {
  const response = await page.request.post('/api/cards', { data, headers: origin() });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).card;
}

test('a card from creation to deletion: every editor tab, images, links, username, duplicate, default, delete', async ({ page, context }) => {
  // One person's whole journey through the cards area: longer than the default minute on a busy machine.
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerThroughApi(page, { name: 'Ada Lovelace' });
  // Colours, videos and files are paid, and a copy is a second card (more than Basic allows a new account):
  // Ada is on Pro. Basic's paid overlays are in plans.spec.ts.
  await subscribeToPro(page);

  // The empty list.
  await page.goto('/customize');
  await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
  await expect(page.getByText('You have no cards yet, Ada Lovelace.')).toBeVisible();
  await expectAccessible(page);

  // Create → the editor of the new card.
  await page.getByRole('button', { name: 'Create card' }).click();
  await expectToast(page, 'Card created!');
  await expect(page).toHaveURL(/\/customize\/edit\/[A-Za-z0-9]{20}$/);
  const cardId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Edit card' })).toBeVisible();

  // Main tab, with the preview following the typing before anything is saved.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Ada King');
  await expect(preview.getByRole('heading', { name: 'Ada King' })).toBeVisible();
  await page.getByLabel('Card title').fill('Work card');
  await page.getByLabel('Job title').fill('Analyst');
  await expect(preview.getByText('Analyst')).toBeVisible();
  await page.getByLabel('Company').fill('Analytical Engines <Ltd>');
  await expect(preview.getByText('Analytical Engines <Ltd>')).toBeVisible();
  await page.getByLabel('Description').fill('Poetical science.');

  // The hex rule, under the field.
  const background = page.getByLabel('Background colour', { exact: true });
  await background.fill('#12345');
  await background.blur();
  await expect(page.getByText('Expected a valid hex string')).toBeVisible();
  await background.fill('fdf6e3');
  await expect(page.getByText('Expected a valid hex string')).toBeHidden();
  await expect(preview.getByRole('article')).toHaveAttribute('style', /--cv-bg: ?#fdf6e3/);
  // Legible colours are the owner's choice, with a hint when the text would be hard to read.
  const contrastHint = page.getByText('The accent colour is hard to read on the background (contrast 4.4:1; aim for at least 4.5:1).');
  await expect(contrastHint).toBeVisible();
  await background.fill('#fffdf5');
  await expect(contrastHint).toBeHidden();

  // Both images, uploaded at once with their progress, then positioned.
  // The answer is held back a moment so the progress bar can be seen.
  await page.route('**/api/cards/*/images/cover', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.getByLabel('Upload cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png(900, 300, '#336699') });
  await expect(page.getByRole('progressbar', { name: 'Cover image upload progress' })).toBeVisible();
  await expectToast(page, 'Changes saved!');
  await expect(page.getByRole('progressbar', { name: 'Cover image upload progress' })).toBeHidden();
  await page.unroute('**/api/cards/*/images/cover');
  const coverImage = preview.locator('.cv-cover img');
  await expect(coverImage).toHaveClass('object-center');
  await expect(coverImage).toHaveAttribute('src', new RegExp(`^/files/images/${cardId}/`));
  await page.getByRole('group', { name: 'Cover image position' }).getByLabel('Top left').check();
  await expect(coverImage).toHaveClass('object-left-top');
  await page.getByLabel('Cover image alt text').fill('Harbour at dawn');
  await expect(preview.getByRole('img', { name: 'Harbour at dawn' })).toBeVisible();

  await page.getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png(300, 300, '#aa3366') });
  await expectToast(page, 'Changes saved!');
  await page.getByRole('group', { name: 'Profile picture position' }).getByLabel('Bottom right').check();
  await expect(preview.getByRole('img', { name: 'Ada King' })).toHaveClass(/cv-avatar object-right-bottom/);

  // A file that is not an image is refused under the field.
  await page.getByLabel('Replace profile picture').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByRole('alert').filter({ hasText: /image/i })).toBeVisible();

  // The username, with its availability check.
  const username = `ada-king-${Date.now().toString(36)}`;
  await page.getByLabel('Username').fill(username);
  await expect(page.getByText('This username is available.')).toBeVisible();
  await expect(page.getByText(`/id/${username}/`)).toBeVisible();

  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Changes saved!');
  await expect(page.getByText('Work card', { exact: true })).toBeVisible();

  // Contact info: a field error from the shared schema stops the save and shows under the field.
  await page.getByRole('navigation', { name: 'Card editor sections' }).getByRole('link', { name: 'Contact info' }).click();
  await expect(page).toHaveURL(new RegExp(`/customize/edit/${cardId}/contact-info$`));
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(/@example\.com$/);
  await page.getByLabel('Email', { exact: true }).fill('ada at example');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email', { exact: true }).fill('ada@engines.example');
  await page.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0958');
  await page.getByLabel('Address', { exact: true }).fill('12 St James’s Square, London');
  await page.getByRole('button', { name: 'Add email' }).click();
  await page.getByRole('textbox', { name: 'Additional email 1' }).fill('ada@home.example');
  await page.getByRole('button', { name: 'Add phone number' }).click();
  await page.getByRole('textbox', { name: 'Additional phone 1' }).fill('020 7946 0000');
  await expect(preview.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
  await expect(preview.getByRole('link', { name: 'ada@home.example' })).toHaveAttribute('href', 'mailto:ada@home.example');
  await expect(preview.getByRole('link', { name: '12 St James’s Square, London' })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Changes saved!');

  // Links of several kinds, a custom one with its own label, reordered; a file; a YouTube video.
  await page.getByRole('navigation', { name: 'Card editor sections' }).getByRole('link', { name: 'Links' }).click();
  await expect(page).toHaveURL(new RegExp(`/customize/edit/${cardId}/links$`));
  await page.getByRole('button', { name: 'Add link' }).click();
  const link1 = page.getByRole('group', { name: 'Link 1' });
  await link1.getByLabel('Link address').fill('engines.example');
  await page.getByRole('button', { name: 'Add link' }).click();
  const link2 = page.getByRole('group', { name: 'Link 2' });
  await link2.getByRole('combobox', { name: 'Link type' }).click();
  await page.getByRole('option', { name: 'Instagram' }).click();
  await link2.getByLabel('Link address').fill('@adaking');
  await page.getByRole('button', { name: 'Add link' }).click();
  const link3 = page.getByRole('group', { name: 'Link 3' });
  await link3.getByRole('combobox', { name: 'Link type' }).click();
  await page.getByRole('option', { name: 'Custom link' }).click();
  await link3.getByLabel('Link address').fill('https://blog.engines.example/notes');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(link3.getByText('Enter a label for the custom link')).toBeVisible();
  await link3.getByLabel('Label').fill('My notes');
  await link3.getByRole('button', { name: 'Move up' }).click();
  await expect(page.getByRole('group', { name: 'Link 2' }).getByLabel('Label')).toHaveValue('My notes');

  await page.getByRole('button', { name: 'Add YouTube video' }).click();
  await page.getByRole('textbox', { name: 'YouTube video link' }).fill('https://vimeo.com/123');
  await page.getByRole('textbox', { name: 'YouTube video link' }).blur();
  await expect(page.getByText(/Enter a YouTube video link/)).toBeVisible();
  await page.getByRole('textbox', { name: 'YouTube video link' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(preview.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');

  const previewLinks = preview.getByRole('list').filter({ has: page.getByRole('link', { name: 'Website' }) });
  await expect(previewLinks.getByRole('link')).toHaveText(['Website', 'My notes', 'Instagram']);
  await expect(preview.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/adaking');

  await page.getByLabel('Upload a file').setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
  await expectToast(page, 'Changes saved!');
  await expect(preview.getByRole('link', { name: /brochure\.pdf/ })).toHaveAttribute('href', new RegExp(`^/files/files/${cardId}/`));
  await page.getByLabel('Upload a file').setInputFiles({ name: 'tool.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 not a pdf') });
  await expect(page.getByText(/This type of file cannot be added/)).toBeVisible();

  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Changes saved!');
  // Stored in its normalised form (a bare domain gets its root path).
  await expect(page.getByRole('group', { name: 'Link 1' }).getByLabel('Link address')).toHaveValue('https://engines.example/');

  await page.getByRole('button', { name: 'Delete brochure.pdf' }).click();
  await expectToast(page, 'Changes saved!');
  await expect(preview.getByRole('link', { name: /brochure\.pdf/ })).toBeHidden();

  // Everything saved is there after a reload.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Link 3' }).getByLabel('Link address')).toHaveValue('https://www.instagram.com/adaking');
  await page.getByRole('navigation', { name: 'Card editor sections' }).getByRole('link', { name: 'Main' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByRole('group', { name: 'Cover image position' }).getByLabel('Top left')).toBeChecked();
  await expect(page.getByRole('link', { name: 'Open public page' })).toHaveAttribute('href', `/id/${username}/`);

  // The list: the card with its default badge; copy its link.
  await page.getByRole('link', { name: '← My cards' }).click();
  await expect(page).toHaveURL(/\/customize$/);
  await expect(cardTiles(page)).toHaveCount(1);
  const original = cardTiles(page).first();
  await expect(original.getByRole('heading', { name: 'Work card' })).toBeVisible();
  await expect(original.getByText('Default', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await original.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Link copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/id/${username}/`);

  await page.goto('/customize');
  await expect(cardTiles(page)).toHaveCount(1);

  // Duplicate: a failure shows the failure toast, a success the copy first (newest first), not default.
  await page.route('**/api/cards/*/duplicate', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'duplicate-failed', message: 'Failed to write the document.' } } }),
  );
  await chooseMenuAction(original, 'Duplicate');
  await expectToast(page, 'Failed to duplicate the card. Please try again.');
  await page.unroute('**/api/cards/*/duplicate');
  await chooseMenuAction(original, 'Duplicate');
  await expectToast(page, 'Card duplicated!');
  await expect(cardTiles(page)).toHaveCount(2);
  const copy = cardTiles(page).first();
  await expect(copy.getByRole('heading', { name: 'Work card' })).toBeVisible();
  await expect(copy.getByText('Default', { exact: true })).toBeHidden();
  await expect(cardTiles(page).nth(1).getByText('Default', { exact: true })).toBeVisible();

  // Set the copy as default: the badge moves.
  await chooseMenuAction(copy, 'Set as default');
  await expectToast(page, 'Card Work card is set to default');
  await expect(cardTiles(page).first().getByText('Default', { exact: true })).toBeVisible();
  await expect(cardTiles(page).nth(1).getByText('Default', { exact: true })).toBeHidden();

  // Delete asks first; cancelling keeps the card.
  await chooseMenuAction(cardTiles(page).nth(1), 'Delete');
  const dialog = page.getByRole('dialog', { name: 'Delete this card?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(cardTiles(page)).toHaveCount(2);
  await chooseMenuAction(cardTiles(page).nth(1), 'Delete');
  await dialog.getByRole('button', { name: 'Delete card' }).click();
  await expectToast(page, 'Card deleted!');
  await expect(page).toHaveURL(/\/customize$/);
  await expect(cardTiles(page)).toHaveCount(1);

  // Deleting from the editor goes to /customize too; the list is empty again.
  await page.goto('/');
  await cardTiles(page).first().getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete card' }).click();
  await page.getByRole('dialog', { name: 'Delete this card?' }).getByRole('button', { name: 'Delete card' }).click();
  await expectToast(page, 'Card deleted!');
  await expect(page).toHaveURL(/\/customize$/);
  await expect(page.getByText('You have no cards yet, Ada Lovelace.')).toBeVisible();
});

test('leaving the editor with unsaved changes asks first', async ({ page }) => {
  await registerThroughApi(page, { name: 'Grace Hopper' });
  const card = await createCardThroughApi(page, { name: 'Grace Hopper' });
  await page.goto(`/customize/edit/${card.id}`);
  await page.getByLabel('Job title').fill('Rear admiral');
  await page.getByRole('link', { name: '← My cards' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByLabel('Job title')).toHaveValue('Rear admiral');
  await page.getByRole('link', { name: '← My cards' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/customize$/);
});

test('onboarding walks through the first card and opens it in the editor; with cards it offers them', async ({ page }) => {
  await registerThroughApi(page, { name: 'Katherine Johnson' });
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Welcome, Katherine Johnson!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my cards' })).toBeHidden();
  await expectAccessible(page);

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(page.getByLabel('Name')).toHaveValue('Katherine Johnson');
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await page.getByLabel('Name').fill('Katherine G. Johnson');
  await page.getByLabel('Job title').fill('Mathematician');
  await page.getByLabel('Company').fill('NASA');
  await expect(preview.getByRole('heading', { name: 'Katherine G. Johnson' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 2 of 2')).toBeVisible();
  await page.getByLabel('Phone').fill('+1 757 555 0100');
  await expect(preview.getByRole('link', { name: '+1 757 555 0100' })).toBeVisible();
  await page.getByRole('button', { name: 'Create my card' }).click();
  await expectToast(page, 'Card created!');
  await expect(page).toHaveURL(/\/customize\/edit\/[A-Za-z0-9]{20}$/);
  await expect(page.getByLabel('Job title')).toHaveValue('Mathematician');

  await page.goto('/onboarding');
  await page.getByRole('link', { name: 'Go to my cards' }).click();
  await expect(page).toHaveURL(/\/customize$/);
  await expect(cardTiles(page).first().getByText('Default', { exact: true })).toBeVisible();
});

test('the plan’s card limit: Basic offers the upgrade instead of a second card; after Pro ends the extra card is inactive', async ({ page }) => {
  await registerThroughApi(page, { name: 'Mary Jackson' });
  await createCardThroughApi(page, { title: 'Engineering', name: 'Mary Jackson' });
  await page.goto('/customize');
  await expect(cardTiles(page)).toHaveCount(1);

  // Creating and duplicating both show the paid-feature dialog instead.
  const paidFeature = page.getByRole('dialog', { name: 'This is a Paid feature' });
  await page.getByRole('button', { name: 'Create card' }).click();
  await expect(paidFeature).toBeVisible();
  await expect(paidFeature.getByText('Upgrade your account to use this feature')).toBeVisible();
  await expectAccessible(page);
  await paidFeature.getByRole('button', { name: 'Not now' }).click();
  await expect(paidFeature).toBeHidden();
  await chooseMenuAction(cardTiles(page).first(), 'Duplicate');
  await expect(paidFeature).toBeVisible();
  await paidFeature.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your pricing plan' })).toBeVisible();

  // Should the browser think there is room (a stale answer), the server refuses and says why.
  await page.goto('/customize');
  await expect(cardTiles(page)).toHaveCount(1);
  await page.route('**/api/billing/card-access', (route) =>
    route.fulfill({
      json: { maxActiveCards: 1, isAccountBlocked: true, isOverridden: false, activeCardIds: [], blockedCardIds: [], canCreateCard: true },
    }),
  );
  await page.reload();
  await page.getByRole('button', { name: 'Create card' }).click();
  await expectToast(page, 'Your Basic plan includes 1 card. Upgrade your plan to create more cards.');
  await expect(cardTiles(page)).toHaveCount(1);
  await page.unroute('**/api/billing/card-access');

  // Pro allows two: the copy is made.
  await subscribeToPro(page);
  await page.goto('/customize');
  await chooseMenuAction(cardTiles(page).first(), 'Duplicate');
  await expectToast(page, 'Card duplicated!');
  await expect(cardTiles(page)).toHaveCount(2);
  await expect(page.getByText("Inactive — over your plan's card limit")).toHaveCount(0);

  // Back to Basic at the end of the period (the 7-day trial): the default card stays active, the copy does not.
  expect((await page.request.post('/api/billing/cancel-at-period-end', { headers: origin() })).ok()).toBe(true);
  const moved = await page.request.post('/api/billing/test-clock', { data: { days: 8 }, headers: origin() });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.goto('/customize');
  const [copy, kept] = [cardTiles(page).first(), cardTiles(page).nth(1)];
  await expect(kept.getByText('Default', { exact: true })).toBeVisible();
  await expect(kept.getByText("Inactive — over your plan's card limit")).toBeHidden();
  await expect(copy.getByText("Inactive — over your plan's card limit")).toBeVisible();
  await expectAccessible(page);
  await copy.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});
