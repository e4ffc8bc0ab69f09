import { expect, test, type Page } from '@playwright/test';
import { localeNames } from '@cardstack/shared/i18n/locales';
import { pseudoText } from '../apps/web/src/lib/i18n/pseudo-locale';
import { registerThroughApi } from './support';

/*
 * Not visited: the operator console, whose lists show every other test's data (names, mail subjects, job kinds);
 * its texts are checked by its catalog test and its own browser test.
 *
 * Untranslated text, found with the pseudo-locale: localStorage['cardstack.locale'] = 'pseudo' shows the app in
 * English with every letter accented (apps/web/src/lib/i18n/pseudo-locale.ts), so a word of two plain letters
 * A–Z on a screen never went through a catalog. Each screen below is visited (and some opened further) and every
 * text a person can read is checked: text nodes, and the labels, titles, alt texts and placeholders of elements.
 *
 * A feature adds its screens to `screens` (signed out or signed in). What may keep plain letters is short and
 * named: the test's own user data, `allowedWords` (brand names, and the words of dates, which Intl writes in
 * English under the pseudo-locale and in each language otherwise), and `ignored` elements (text in another
 * language on purpose, technical tokens).
 *
 * Not checked here: the app shell's own texts (the full-screen spinner's label, the route error screen), which come
 * with the HTML in the page's language (apps/web/src/lib/shell/shell-text.ts) rather than from a catalog; the
 * checks wait for the spinners to go.
 */

const t = pseudoText;

interface Screen {
  name: string;
  path: string;
  /** Signed in as the test's account, or signed out. */
  isSignedIn: boolean;
  /** Visited once the account is on Teams (the team's screens). */
  isOnTeams?: boolean;
  /** What to do on the screen before it is read, to show more of its texts (a dialog, a step). */
  open?: (page: Page, account: Account) => Promise<void>;
  /** Parts of the screen another feature translates: remove when that feature's catalog has landed. */
  notYetTranslated?: string[];
}

interface Account {
  name: string;
  email: string;
  password: string;
  /** The test's own data, shown as typed: a card and a contact. */
  cardId: string;
  cardUsername: string;
  contactName: string;
}

const screens: Screen[] = [
  { name: 'sign in', path: '/login', isSignedIn: false },
  { name: 'register', path: '/register', isSignedIn: false },
  { name: 'forgot password', path: '/forgot-password', isSignedIn: false },
  { name: 'reset password', path: '/reset-password?token=not-a-real-token', isSignedIn: false },
  { name: 'reset password, expired link', path: '/reset-password', isSignedIn: false },
  { name: 'password changed, signed out', path: '/password-changed', isSignedIn: false },
  { name: 'settings: general, and the signed-in layout', path: '/settings', isSignedIn: true },
  {
    name: 'settings: deleting the account',
    path: '/settings',
    isSignedIn: true,
    open: async (page) => {
      await page.getByRole('button', { name: t('Delete account') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'settings: setting up two-factor sign-in',
    path: '/settings',
    isSignedIn: true,
    open: async (page, account) => {
      const panel = page.getByRole('region', { name: t('Two-factor sign-in') });
      await panel.getByLabel(t('Current password')).fill(account.password);
      await panel.getByRole('button', { name: t('Set up two-factor sign-in') }).click();
      await expect(panel.getByRole('region', { name: t('Backup codes') })).toBeVisible();
    },
  },
  { name: 'choose a password', path: '/choose-password', isSignedIn: true },
  { name: 'my cards', path: '/customize', isSignedIn: true },
  {
    name: 'my cards: email signature',
    path: '/customize',
    isSignedIn: true,
    open: async (page) => {
      await page.getByRole('button', { name: t('More actions') }).click();
      await page.getByRole('menuitem', { name: t('Email signature') }).click();
      await expect(page.getByRole('dialog').getByRole('region', { name: t('Preview') })).toBeVisible();
    },
  },
  { name: 'card editor: main', path: '/customize/edit/{card}', isSignedIn: true },
  { name: 'card editor: contact info', path: '/customize/edit/{card}/contact-info', isSignedIn: true },
  { name: 'card editor: links', path: '/customize/edit/{card}/links', isSignedIn: true },
  { name: 'card editor: Apple Wallet', path: '/customize/edit/{card}/apple-wallet', isSignedIn: true },
  { name: 'card editor: Google Wallet', path: '/customize/edit/{card}/google-wallet', isSignedIn: true },
  { name: 'insights', path: '/dashboard', isSignedIn: true },
  { name: 'contacts', path: '/contacts', isSignedIn: true },
  {
    name: 'contacts: a contact’s details',
    path: '/contacts',
    isSignedIn: true,
    open: async (page, account) => {
      await page.getByRole('button', { name: account.contactName }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'contacts: export',
    path: '/contacts',
    isSignedIn: true,
    open: async (page) => {
      await page.getByRole('button', { name: t('Export') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'contacts: import',
    path: '/contacts',
    isSignedIn: true,
    open: async (page) => {
      await page.getByRole('button', { name: t('Import contacts') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'card scanner', path: '/contacts/scan', isSignedIn: true },
  { name: 'pricing plans', path: '/settings/pricing-plans', isSignedIn: true },
  { name: 'subscription', path: '/subscription', isSignedIn: true },
  { name: 'integrations', path: '/settings/integrations', isSignedIn: true },
  { name: 'custom design form', path: '/custom-design-form', isSignedIn: true },
  { name: 'page not found', path: '/no-such-page', isSignedIn: true },
  { name: 'team: user management', path: '/settings/user-management', isSignedIn: true, isOnTeams: true },
  { name: 'team: roles', path: '/settings/roles', isSignedIn: true, isOnTeams: true },
  { name: 'team: team cards', path: '/customize/teams-cards', isSignedIn: true, isOnTeams: true },
  { name: 'password changed, signed in: what still has access', path: '/password-changed', isSignedIn: true },
];

/**
 * Names the product does not translate: itself, its plans, the services it works with, the browsers and systems a
 * signed-in device is named by, and languages named in themselves (the scanner's reading languages, the invitation's).
 */
const brandNames = ['Cards', 'Basic', 'Pro', 'Teams', 'Zapier', 'Edge', 'Firefox', 'Chrome', 'Safari', 'Android', 'iOS', 'macOS', 'Windows', 'Linux', ...Object.values(localeNames)];

/** Technical tokens: addresses (a card's, an example in a placeholder) and event names such as `lead.created`. */
const technicalTokens = [/\bhttps?:\/\/\S+/g, /\b[a-z]+(?:\.[a-z]+)+\b/g];

/** A person's initials, as the header's avatar shows them. */
const initialsOf = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

/** The words of dates and times, as Intl writes them in English (the pseudo-locale formats as English). */
function dateWords(): string[] {
  const days = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 1 + month)));
  const words = (options: Intl.DateTimeFormatOptions) => days.map((day) => new Intl.DateTimeFormat('en', { timeZone: 'UTC', ...options }).format(day));
  return [...words({ month: 'long' }), ...words({ month: 'short' }), ...words({ weekday: 'long' }), ...words({ weekday: 'short' }), 'AM', 'PM'];
}

/** Elements whose text is not the app's to translate: another language on purpose, or a technical token. */
const ignored = [
  // A language's name in itself (Settings → General → Language): lang marks it.
  '[lang]:not(html)',
  // IANA's time zone names, as the API takes them.
  'select[name="timeZone"] option',
  // Keys and codes to type (two-factor set-up).
  'code',
  // Addresses and other user data set apart from the sentence around them (a card's /id/… path).
  'bdi',
];

/** Every text a person can read on the page, visible or for screen readers, outside `skip`. */
async function readableTexts(page: Page, skip: string[]): Promise<{ text: string; where: string }[]> {
  return page.evaluate((skipSelector) => {
    const where = (element: Element) => `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> in ${element.closest('section,form,nav,header,[role="dialog"]')?.tagName.toLowerCase() ?? 'body'}`;
    const isSkipped = (element: Element) => Boolean(skipSelector && element.closest(skipSelector));
    // Rendered (sr-only text is: it is clipped, not hidden); an <option> is read with its <select>.
    const isShown = (element: Element) => (element instanceof HTMLOptionElement ? element.closest('select')!.checkVisibility() : element.checkVisibility());
    const found: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !element || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(element.tagName)) continue;
      if (!isSkipped(element) && isShown(element)) found.push({ text, where: where(element) });
    }
    for (const element of document.body.querySelectorAll('[aria-label],[title],[alt],[placeholder]')) {
      if (isSkipped(element) || !isShown(element)) continue;
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const text = element.getAttribute(name)?.trim();
        if (text) found.push({ text, where: `${name} of ${where(element)}` });
      }
    }
    return found;
  }, skip.join(','));
}

/** The texts with a word of plain letters left once the allowed words are taken out. */
function untranslated(texts: { text: string; where: string }[], allowed: string[]): string[] {
  const allowedInOrder = [...new Set(allowed)].sort((a, b) => b.length - a.length);
  const withoutTokens = (text: string) => technicalTokens.reduce((rest, token) => rest.replace(token, ' '), text);
  return texts
    .filter(({ text }) => /[A-Za-z]{2,}/.test(withoutTokens(allowedInOrder.reduce((rest, word) => rest.split(word).join(' '), text))))
    .map(({ text, where }) => `${JSON.stringify(text)} (${where})`);
}

async function expectTranslated(page: Page, screen: Screen, account: Account) {
  // The app's own screen is up: its heading, no pre-rendered copy of the sign-in screen, no spinner.
  await expect(page.locator('#root h1').first()).toBeVisible();
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  await screen.open?.(page, account);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  const texts = await readableTexts(page, [...ignored, ...(screen.notYetTranslated ?? [])]);
  expect(texts.length, `${screen.name}: texts read`).toBeGreaterThan(0);
  const ownData = [account.name, initialsOf(account.name), account.email, account.contactName, 'contact@example.com', account.cardUsername];
  expect.soft(untranslated(texts, [...ownData, ...brandNames, ...dateWords()]), `${screen.name} (${screen.path}): untranslated text`).toEqual([]);
}

test('every screen of the list shows only translated text', async ({ page }) => {
  test.setTimeout(300_000);
  await page.addInitScript(() => localStorage.setItem('cardstack.locale', 'pseudo'));
  const account: Account = { name: 'Pseudo Person', email: `pseudo-${Date.now()}@example.com`, password: 'correct horse battery', cardId: '', cardUsername: '', contactName: 'Cato Contact' };

  for (const screen of screens.filter((each) => !each.isSignedIn)) {
    await page.goto(screen.path);
    await expectTranslated(page, screen, account);
  }

  await registerThroughApi(page, account);
  const headers = { origin: process.env.E2E_BASE_URL! };
  const card = await page.request.post('/api/cards', { data: { name: account.name }, headers });
  expect(card.status(), await card.text()).toBe(201);
  ({ id: account.cardId, username: account.cardUsername } = ((await card.json()) as { card: { id: string; username: string } }).card);
  const contact = await page.request.post('/api/contacts', { data: { name: account.contactName, email: 'contact@example.com' }, headers });
  expect(contact.status(), await contact.text()).toBe(201);
  const visit = async (screen: Screen) => {
    await page.goto(screen.path.replace('{card}', account.cardId));
    await expectTranslated(page, screen, account);
  };
  for (const screen of screens.filter((each) => each.isSignedIn && !each.isOnTeams)) await visit(screen);

  // Teams, through the built-in test checkout (no money moves).
  const checkout = await page.request.post('/api/billing/checkout', { data: { plan: 'team', period: 'month', size: 10 }, headers });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const completed = await page.request.post(`${new URL(((await checkout.json()) as { url: string }).url).pathname}/complete`, { headers });
  expect(completed.ok(), await completed.text()).toBe(true);
  for (const screen of screens.filter((each) => each.isOnTeams)) await visit(screen);
});
