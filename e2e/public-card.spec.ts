import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, mailboxMessagesFor, registerThroughApi, uniqueEmail } from './support';

/*
 * The public card page as a visitor meets it: by id and by username, Save contact, the QR code, the lead
 * form with and without JavaScript (and the owner finding the lead and its mail), the 404 and inactive pages,
 * and a corpus of XSS payloads through every field and link that must not run.
 */

const baseURL = () => process.env.E2E_BASE_URL!;

interface CreatedCard {
  id: string;
  username: string;
  ownerId: string;
  version: number;
}

async function createCard(request: APIRequestContext, body: Record<string, unknown>): Promise<CreatedCard> {
  const response = await request.post('/api/cards', { data: body, headers: { origin: baseURL() } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).card;
}

/** A visitor: a browser of their own, no session; optionally with JavaScript turned off. */
async function visitor(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ baseURL: baseURL(), acceptDownloads: true, ...options });
  return { context, page: await context.newPage() };
}

test('a visitor opens the card by id and by username, saves the contact and leaves details with and without JavaScript', async ({ page, browser }) => {
  const owner = await registerThroughApi(page, { name: 'Olive Owner', email: uniqueEmail('owner') });
  const card = await createCard(page.request, {
    title: 'Work card',
    name: 'Ada Lovelace',
    jobTitle: 'Analyst',
    companyName: 'Engines Ltd',
    description: 'Poetical science.',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    links: [{ kind: 'website', url: 'https://example.com/about', label: 'About me' }],
    leadForm: { isEnabled: true, thankYouMessage: 'Thanks, I will be in touch!' },
  });
  const profile = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#884422' } }).png().toBuffer();
  const uploaded = await page.request.post(`/api/cards/${card.id}/images/profile`, {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: profile } },
    headers: { origin: baseURL() },
  });
  expect(uploaded.status()).toBe(200);
  const renamed = await page.request.put(`/api/cards/${card.id}/username`, { data: { username: 'ada-lovelace' }, headers: { origin: baseURL() } });
  expect(renamed.status()).toBe(200);

  const { context, page: guest } = await visitor(browser);
  // By id, then by username.
  const byId = await guest.goto(`/id/${card.id}/`);
  expect(byId?.status()).toBe(200);
  await expect(guest).toHaveTitle('Ada Lovelace · Analyst, Engines Ltd');
  await expect(guest.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(guest.getByRole('img', { name: 'Ada Lovelace' })).toBeVisible();
  await guest.goto('/id/ada-lovelace');
  await expect(guest).toHaveURL(/\/id\/ada-lovelace\/$/);
  await expect(guest.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(guest.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL()}/id/ada-lovelace/`);
  await expect(guest.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
  await expectAccessible(guest);

  // Save contact: a download of the vCard with the photo.
  const [download] = await Promise.all([guest.waitForEvent('download'), guest.getByRole('link', { name: 'Save contact' }).click()]);
  expect(download.suggestedFilename()).toBe('Ada-Lovelace.vcf');
  const vcard = fs.readFileSync((await download.path())!, 'utf8');
  expect(vcard).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
  expect(vcard).toContain('FN:Ada Lovelace');
  expect(vcard).toContain(`URL:${baseURL()}/id/${card.id}/`);
  expect(vcard).toContain('PHOTO;ENCODING=b;TYPE=JPEG:');

  // The QR code, shown in place, and its downloads.
  await guest.getByText('QR code', { exact: true }).click();
  const qr = guest.getByRole('img', { name: 'QR code of this card’s address' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const [png] = await Promise.all([guest.waitForEvent('download'), guest.getByRole('link', { name: 'Download PNG' }).click()]);
  expect(png.suggestedFilename()).toBe('Ada-Lovelace-qr.png');
  expect(fs.readFileSync((await png.path())!).subarray(1, 4).toString()).toBe('PNG');

  // A link click is counted on the way and lands on the card's own link.
  const about = guest.getByRole('link', { name: 'About me' });
  expect(await about.getAttribute('href')).toMatch(new RegExp(`^/id/${card.id}/l/[A-Za-z0-9_-]{10}$`));
  const redirect = await guest.request.get((await about.getAttribute('href'))!, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe('https://example.com/about');

  // The lead form with JavaScript: answered in place.
  await guest.getByLabel('Name').fill('Vera Visitor');
  await guest.getByLabel('Email').fill('vera@example.com');
  await guest.getByLabel('Company').fill('Visiting Ltd');
  await guest.getByLabel('Message').fill('Let us talk about engines.');
  await guest.getByLabel('I agree that the owner of this card may store these details and contact me.').check();
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByRole('status').filter({ hasText: 'Thanks, I will be in touch!' })).toBeVisible();
  await expect(guest).toHaveURL(/\/id\/ada-lovelace\/$/);
  await context.close();

  // Without JavaScript: a plain form post, a 303 back to the card with the thank-you text.
  const noScript = await visitor(browser, { javaScriptEnabled: false });
  await noScript.page.goto(`/id/${card.id}/`);
  await noScript.page.getByLabel('Name').fill('Nora No-Script');
  await noScript.page.getByLabel('Email').fill('nora@example.com');
  await noScript.page.getByRole('button', { name: 'Send' }).click();
  await expect(noScript.page).toHaveURL(new RegExp(`/id/${card.id}/thanks$`));
  await expect(noScript.page.getByText('Thanks, I will be in touch!')).toBeVisible();
  await noScript.context.close();

  // The owner finds both leads in the contacts screen, and a mail for each in the mailbox.
  await page.goto('/contacts');
  await expect(page.getByText('Vera Visitor').first()).toBeVisible();
  await expect(page.getByText('Nora No-Script').first()).toBeVisible();
  const contacts = await (await page.request.get('/api/contacts')).json();
  const vera = contacts.contacts.find((contact: { name: string }) => contact.name === 'Vera Visitor');
  expect(vera).toMatchObject({ kind: 'lead', manualAdd: false, email: 'vera@example.com', company: 'Visiting Ltd' });
  const detail = await (await page.request.get(`/api/contacts/${vera.id}`)).json();
  expect(detail.contact.consentText).toBe('I agree that the owner of this card may store these details and contact me.');
  await expect.poll(() => mailboxMessagesFor(owner.email).filter((mail) => /New lead/.test(mail)).length, { timeout: 30_000 }).toBe(2);
  expect(mailboxMessagesFor(owner.email).join('\n')).toContain('Vera Visitor');

  // The editor offers the same QR code.
  await page.goto(`/customize/edit/${card.id}`);
  const panel = page.getByRole('region', { name: 'QR code' });
  await expect(panel.getByRole('img', { name: 'QR code of this card’s address' })).toBeVisible();
  const [svg] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toBe('Ada-Lovelace-qr.svg');
  expect(fs.readFileSync((await svg.path())!, 'utf8')).toMatch(/^<svg/);
});

test('a form sent without JavaScript comes back with its mistakes beside the fields', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Form Owner' });
  const card = await createCard(page.request, { name: 'Form Owner' });
  const noScript = await visitor(browser, { javaScriptEnabled: false });
  await noScript.page.goto(`/id/${card.id}/`);
  // Neither a name nor an email: the browser lets it through, the server explains.
  await noScript.page.getByLabel('Message').fill('Hello <b>there</b>');
  await noScript.page.getByRole('button', { name: 'Send' }).click();
  await expect(noScript.page.getByText('Enter a name or an email')).toBeVisible();
  await expect(noScript.page.getByLabel('Message')).toHaveValue('Hello <b>there</b>');
  await expect(noScript.page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await noScript.context.close();
});

test('an unknown address is a real 404 page; a card blocked by the plan is not active and shows nothing of itself', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Two Cards' });
  // Two cards on Pro (bought through the test checkout), then back to Basic at the end of the 7-day trial: the
  // newer pricing model keeps one card on Basic, so the second is blocked.
  const checkout = await page.request.post('/api/billing/checkout', { data: { plan: 'subscribed', period: 'month' }, headers: { origin: baseURL() } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  await page.goto((await checkout.json()).url);
  await page.getByRole('button', { name: 'Complete test checkout' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
  await createCard(page.request, { name: 'First Card Person' });
  const blocked = await createCard(page.request, { name: 'Hidden Person', jobTitle: 'Secret Agent', email: 'hidden@example.com' });
  expect((await page.request.post('/api/billing/cancel-at-period-end', { headers: { origin: baseURL() } })).ok()).toBe(true);
  expect((await page.request.post('/api/billing/test-clock', { data: { days: 8 }, headers: { origin: baseURL() } })).ok()).toBe(true);

  const { context, page: guest } = await visitor(browser);
  const missing = await guest.goto('/id/no-such-card-here/');
  expect(missing?.status()).toBe(404);
  await expect(guest.getByRole('heading', { name: 'Card not found' })).toBeVisible();
  await expectAccessible(guest);

  const inactive = await guest.goto(`/id/${blocked.id}/`);
  expect(inactive?.status()).toBe(403);
  await expect(guest.getByRole('heading', { name: 'This card is not active' })).toBeVisible();
  const html = await guest.content();
  for (const secret of ['Hidden Person', 'Secret Agent', 'hidden@example.com', blocked.id]) expect(html).not.toContain(secret);
  await expectAccessible(guest);
  await context.close();
});

/** Every payload sets a flag or opens a dialog if it ever runs. */
const xssPayloads = [
  '<script>window.__xss=1</script>',
  '"><img src=x onerror="window.__xss=2">',
  "'><svg onload=window.__xss=3>",
  '<svg><script>window.__xss=4</script></svg>',
  'javascript:window.__xss=5',
  '</script><script>window.__xss=6</script>',
  '</title><script>window.__xss=7</script>',
  '</style><script>window.__xss=8</script>',
  '<iframe src="javascript:window.__xss=9"></iframe>',
  '" autofocus onfocus="window.__xss=10" x="',
  "' onmouseover='window.__xss=11' '",
  '<a href="javascript:window.__xss=12">click</a>',
  '<details open ontoggle="window.__xss=13">',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=14>',
  '<img src=x onerror=alert(15)>',
  '<body onload=alert(16)>',
  '<object data="javascript:alert(17)"></object>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(18)">',
  '{{constructor.constructor("window.__xss=19")()}}',
  '<base href="javascript:alert(20)//">',
];

async function watchForScript(page: Page, options: { allowedViolations?: string[] } = {}) {
  const dialogs: string[] = [];
  const markers: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/xss|alert|Refused/i.test(message.text())) markers.push(message.text());
  });
  page.on('pageerror', (error) => markers.push(`page error: ${error.message}`));
  // Runs before the page's own code: any CSP violation means markup got in that should not have.
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  return async () => {
    const state = await page.evaluate(() => ({
      flag: (window as unknown as { __xss?: unknown }).__xss ?? null,
      violations: (window as unknown as { __violations: string[] }).__violations,
    }));
    state.violations = state.violations.filter((violation) => !options.allowedViolations?.includes(violation));
    expect({ dialogs, markers, ...state }).toEqual({ dialogs: [], markers: [], flag: null, violations: [] });
  };
}

test('XSS payloads in every card field and link never run', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Xss Owner', email: uniqueEmail('xss') });
  // Files are a paid feature: the owner is on Pro (bought through the test checkout).
  const checkout = await page.request.post('/api/billing/checkout', { data: { plan: 'subscribed', period: 'month' }, headers: { origin: baseURL() } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  await page.goto((await checkout.json()).url);
  await page.getByRole('button', { name: 'Complete test checkout' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
  const pick = (index: number) => xssPayloads[index % xssPayloads.length]!;
  const all = xssPayloads.join(' ');
  // Through the API: every free-text field, and links whose addresses pass the rules yet carry markup.
  const card = await createCard(page.request, {
    title: pick(0),
    name: pick(1),
    jobTitle: pick(2),
    companyName: pick(3),
    description: all,
    address: pick(4),
    addresses: xssPayloads.slice(0, 10),
    links: [
      ...xssPayloads.map((payload) => ({ kind: 'empty', url: 'https://example.com/', label: payload.slice(0, 100) })),
      { kind: 'website', url: 'https://example.com/"onmouseover="window.__xss=30"', label: '' },
      { kind: 'empty', url: "https://example.com/'><script>window.__xss=31</script>", label: 'Quoted' },
    ],
    coverImage: { alt: pick(5), position: 'object-center' },
    profilePicture: { alt: pick(6), position: 'object-center' },
    leadForm: { isEnabled: true, thankYouMessage: pick(7) },
  });
  // Addresses with a forbidden scheme are refused by the API…
  const refused = await page.request.patch(`/api/cards/${card.id}`, {
    data: { links: [{ kind: 'empty', url: 'javascript:window.__xss=40', label: 'x' }] },
    headers: { origin: baseURL() },
  });
  expect(refused.status()).toBe(400);
  const upload = await page.request.post(`/api/cards/${card.id}/files`, {
    multipart: { file: { name: '<img src=x onerror=window.__xss=41>.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 x') } },
    headers: { origin: baseURL() },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  // …so, as if validation had been bypassed, they go straight into the database as well.
  const sqlite = new Database(path.join(process.env.E2E_DATA_DIR!, 'cards.sqlite'));
  try {
    const row = sqlite.prepare('select links, downloadable_files, version from card where id = ?').get(card.id) as { links: string; downloadable_files: string; version: number };
    const links = [
      ...JSON.parse(row.links),
      ...['javascript:window.__xss=50', 'JaVaScRiPt:alert(51)', 'data:text/html,<script>alert(52)</script>', 'vbscript:alert(53)', ' javascript:alert(54)'].map((url) => ({
        kind: 'empty',
        url,
        label: 'Bypassed',
      })),
    ];
    sqlite
      .prepare(
        `update card set links = ?, emails = ?, phones = ?, address_link = ?, widgets = ?, theme = ?, cover_image = ?, version = ?,
         vcf_file_name = null, vcf_link = null where id = ?`,
      )
      .run(
        JSON.stringify(links),
        JSON.stringify(['"><script>window.__xss=60</script>@example.com']),
        JSON.stringify(['<img src=x onerror=window.__xss=61>']),
        'javascript:window.__xss=62',
        JSON.stringify([{ kind: 'youtube', url: 'javascript:window.__xss=63' }]),
        JSON.stringify({ backgroundColor: 'red;}</style><script>window.__xss=64</script>', foregroundColor: '#000', labelColor: 'url(javascript:alert(65))' }),
        JSON.stringify({ url: 'javascript:window.__xss=66', alt: pick(8), position: '"><script>window.__xss=67</script>' }),
        row.version + 1,
        card.id,
      );
  } finally {
    sqlite.close();
  }

  const { context, page: guest } = await visitor(browser);
  const check = await watchForScript(guest);
  const response = await guest.goto(`/id/${card.id}/`);
  expect(response?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(pick(1));
  // What a visitor would do: read, hover, focus, open the QR code, send the form.
  await expect(guest.locator('.cv-org')).toHaveText(pick(3));
  for (const link of (await guest.getByRole('link').all()).slice(0, 30)) await link.hover();
  await guest.getByText('QR code', { exact: true }).click();
  await guest.keyboard.press('Tab');
  for (const field of ['Name', 'Company', 'Message'] as const) await guest.getByLabel(field).fill(pick(9));
  await guest.getByLabel('Email').fill('xss@example.com');
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByRole('status').filter({ hasText: pick(7) })).toBeVisible();
  await guest.goto(`/id/${card.id}/thanks`);
  await expect(guest.locator('.pc-sent')).toHaveText(pick(7));
  await check();
  // No markup of the payloads became elements or attributes: every element and attribute is one the page
  // itself renders, and no address uses a forbidden scheme.
  const found = await guest.evaluate(() => {
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      if (['iframe', 'object', 'embed', 'base', 'math', 'mglyph', 'table'].includes(tag)) problems.push(`element ${tag}`);
      if (tag === 'script' && !/^\/card-assets\/card\.[0-9a-f]+\.js$/.test(element.getAttribute('src') ?? '')) problems.push('script');
      if (tag === 'meta' && element.hasAttribute('http-equiv')) problems.push('meta http-equiv');
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name) || attribute.name === 'autofocus') problems.push(`${tag}[${attribute.name}]`);
        if (['href', 'src', 'action', 'formaction', 'data'].includes(attribute.name) && !/^(\/|https?:|mailto:|tel:|sms:)/i.test(attribute.value)) {
          problems.push(`${tag}[${attribute.name}=${attribute.value}]`);
        }
      }
    }
    return problems;
  });
  expect(found).toEqual([]);
  // The watch itself works, and the page's CSP would stop an inline script even if one ever got in.
  await guest.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__xss = "canary"';
    document.head.append(script);
  });
  await expect
    .poll(() => guest.evaluate(() => ({ flag: (window as unknown as { __xss?: unknown }).__xss ?? null, violations: (window as unknown as { __violations: string[] }).__violations })))
    .toEqual({ flag: null, violations: ['script-src-elem: inline'] });
  await context.close();

  // The owner reads the lead full of payloads in the contacts screen.
  // zod probes whether eval is allowed (`new Function('')` in a try) when the SPA loads; the CSP refuses it.
  const ownerCheck = await watchForScript(page, { allowedViolations: ['script-src: eval'] });
  await page.goto('/contacts');
  await expect(page.getByText('xss@example.com').first()).toBeVisible();
  await ownerCheck();
});
