import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { expectAccessible, registerThroughApi, uniqueEmail } from './support';

/*
 * The public card page in the visitor's language: a browser set to German, Japanese or Arabic gets the page's
 * words in it (Arabic right to left), the lead form answers in it, and an owner who fixes a language in the
 * editor shows the page in that language to everyone.
 */

const baseURL = () => process.env.E2E_BASE_URL!;

async function createCard(request: APIRequestContext): Promise<{ id: string }> {
  const response = await request.post('/api/cards', {
    data: { title: 'Work card', name: 'Ada Lovelace', jobTitle: 'Analyst', email: 'ada@example.com', leadForm: { isEnabled: true, thankYouMessage: '' } },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).card;
}

/** A visitor whose browser speaks `locale` (Playwright sets Accept-Language and navigator.language from it). */
async function visitorSpeaking(browser: Browser, locale: string) {
  const context = await browser.newContext({ baseURL: baseURL(), locale });
  return { context, page: await context.newPage() };
}

test('a German visitor reads the page and leaves details in German', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Olive Owner', email: uniqueEmail('owner') });
  const card = await createCard(page.request);
  const { context, page: guest } = await visitorSpeaking(browser, 'de-DE');
  await guest.goto(`/id/${card.id}/`);
  await expect(guest.locator('html')).toHaveAttribute('lang', 'de');
  await expect(guest.getByRole('link', { name: 'Kontakt speichern' })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Hinterlassen Sie Ihre Kontaktdaten' })).toBeVisible();
  // The card's own words stay as the owner wrote them.
  await expect(guest.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();

  // Refused by the server, through the page script: the message in German beside the field.
  await guest.getByLabel('Name').fill('Max Besucher');
  await guest.getByLabel('E-Mail').fill('max@');
  await guest.getByLabel('E-Mail').evaluate((input: HTMLInputElement) => (input.type = 'text'));
  await guest.getByRole('button', { name: 'Senden' }).click();
  await expect(guest.getByLabel('E-Mail')).toHaveAccessibleDescription(/Geben Sie eine gültige E-Mail-Adresse ein/);
  await guest.getByLabel('E-Mail').fill('max@example.com');
  await guest.getByRole('button', { name: 'Senden' }).click();
  await expect(guest.getByRole('status').filter({ hasText: 'Vielen Dank, Ihre Angaben sind angekommen!' })).toBeVisible();
  await context.close();
});

test('a Japanese visitor gets the Japanese page, an Arabic one a right-to-left page that passes axe', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Olive Owner', email: uniqueEmail('owner') });
  const card = await createCard(page.request);

  const japanese = await visitorSpeaking(browser, 'ja-JP');
  await japanese.page.goto(`/id/${card.id}/`);
  await expect(japanese.page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(japanese.page.getByRole('link', { name: '連絡先を保存' })).toBeVisible();
  await japanese.context.close();

  const arabic = await visitorSpeaking(browser, 'ar');
  await arabic.page.goto(`/id/${card.id}/`);
  await expect(arabic.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.page.getByRole('link', { name: 'حفظ جهة الاتصال' })).toBeVisible();
  // Right to left: the card's text starts at the right edge.
  const align = await arabic.page.locator('.cv').evaluate((element) => getComputedStyle(element).textAlign);
  expect(align).toBe('start');
  const direction = await arabic.page.locator('.cv').evaluate((element) => getComputedStyle(element).direction);
  expect(direction).toBe('rtl');
  await expectAccessible(arabic.page);
  await arabic.context.close();
});

test('an owner fixes the page language in the editor, and every visitor reads that one', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Olive Owner', email: uniqueEmail('owner') });
  const card = await createCard(page.request);
  await page.goto(`/customize/edit/${card.id}`);
  const language = page.getByLabel('Page language');
  await expect(language).toHaveValue('');
  // The editor's preview speaks the page's language: the app's until one is fixed, then that one at once.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Contact', exact: true })).toBeVisible();
  await language.selectOption({ label: 'Français' });
  await expect(preview.getByRole('heading', { name: 'Coordonnées', exact: true })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Laissez vos coordonnées', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved!')).toBeVisible();

  const { context, page: guest } = await visitorSpeaking(browser, 'de-DE');
  await guest.goto(`/id/${card.id}/`);
  await expect(guest.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(guest.getByRole('link', { name: 'Enregistrer le contact' })).toBeVisible();
  await context.close();
});

/** The Settings screen's German texts, as the app shows them. */
const settingsGerman = JSON.parse(fs.readFileSync(new URL('../apps/web/src/features/settings/messages/de.json', import.meta.url), 'utf8')) as Record<string, string>;

test('an owner chooses the language and time zone of their emails in Settings', async ({ page }) => {
  await registerThroughApi(page, { name: 'Olive Owner', email: uniqueEmail('owner') });
  await page.goto('/settings');
  const language = page.getByLabel('Language', { exact: true });
  const timeZone = page.getByLabel('Time zone', { exact: true });
  // Until chosen, the form starts from this browser (Playwright's default: en-US, the machine's zone).
  await expect(language).toHaveValue('en');
  await language.selectOption({ label: 'Deutsch' });
  await timeZone.selectOption('Europe/Berlin');
  await page.getByRole('button', { name: 'Save language and time zone' }).click();
  // The app speaks the chosen language at once, the confirmation included, and still after a reload.
  await expect(page.getByText(settingsGerman.preferencesSaved!)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByLabel(settingsGerman.language!, { exact: true })).toHaveValue('de');
  await expect(page.getByLabel(settingsGerman.timeZone!, { exact: true })).toHaveValue('Europe/Berlin');
  await expectAccessible(page);
});
