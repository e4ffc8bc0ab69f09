import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, registerThroughApi } from './support';

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

test('copy a card’s email signature: the dialog from the card’s actions, its preview, Copy as rich text, the QR code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerThroughApi(page, { name: 'Ada Lovelace' });
  const created = await page.request.post('/api/cards', {
    data: {
      title: 'Work',
      name: 'Ada <Lovelace>',
      jobTitle: 'Analyst',
      companyName: 'Engines Ltd',
      phone: '+44 20 7946 0958',
      email: 'ada@example.com',
      links: [{ kind: 'website', url: 'https://example.com/about', label: 'About me' }],
    },
    headers: origin(),
  });
  expect(created.status(), await created.text()).toBe(201);
  const card = (await created.json()).card as { id: string };
  const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884422' } }).png().toBuffer();
  const uploaded = await page.request.post(`/api/cards/${card.id}/images/profile`, {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: photo } },
    headers: origin(),
  });
  expect(uploaded.status()).toBe(200);

  await page.goto('/customize');
  const tile = page.getByRole('article').filter({ hasText: 'Work' });
  await tile.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Email signature' }).click();

  const dialog = page.getByRole('dialog', { name: 'Email signature' });
  await expect(dialog).toBeVisible();
  const preview = dialog.getByRole('region', { name: 'Preview' });
  // The name as written (escaped, not markup), the photo, the links: each web link marked as an email's visit.
  await expect(preview.getByText('Ada <Lovelace>', { exact: true })).toBeVisible();
  await expect(preview.getByText('Analyst · Engines Ltd')).toBeVisible();
  const photoImage = preview.getByRole('img', { name: 'Ada <Lovelace>' });
  await expect(photoImage).toBeVisible();
  // The image loaded (a JPEG at the card's public address, absolute).
  await expect.poll(() => photoImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(176);
  expect(await photoImage.getAttribute('src')).toBe(`${process.env.E2E_BASE_URL}/id/${card.id}/photo.jpg`);
  await expect(preview.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
  await expect(preview.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
  await expect(preview.getByRole('link', { name: 'About me' })).toHaveAttribute('href', new RegExp(`^${process.env.E2E_BASE_URL}/id/${card.id}/l/[\\w-]+\\?src=email$`));
  await expect(preview.getByRole('link', { name: 'My digital business card' })).toHaveAttribute('href', `${process.env.E2E_BASE_URL}/id/${card.id}/?src=email`);
  await expect(preview.getByRole('img', { name: 'QR code of my digital business card' })).toHaveCount(0);
  // The steps for the three mail programs, as tabs.
  await expect(dialog.getByRole('tab', { name: 'Gmail' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('tab', { name: 'Apple Mail' }).click();
  await expect(dialog.getByRole('tabpanel')).toContainText('Mail → Settings → Signatures');
  await expectAccessible(page);

  // With the QR code: the PNG of the card's address marked as an email's.
  await dialog.getByLabel('Show the QR code').check();
  const qr = preview.getByRole('img', { name: 'QR code of my digital business card' });
  await expect(qr).toHaveAttribute('src', `${process.env.E2E_BASE_URL}/id/${card.id}/qr.png?src=email`);
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(264);

  // Copy: rich text (HTML) with plain text beside it.
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Signature copied. Paste it into your email program’s signature settings.')).toBeVisible();
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return {
      types: item!.types,
      html: await (await item!.getType('text/html')).text(),
      text: await (await item!.getType('text/plain')).text(),
    };
  });
  expect(copied.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
  expect(copied.html).toContain('Ada &lt;Lovelace&gt;');
  expect(copied.html).toContain('src=email');
  expect(copied.html).toContain(`${process.env.E2E_BASE_URL}/id/${card.id}/qr.png?src=email`);
  expect(copied.html).not.toContain('<Lovelace>');
  expect(copied.text.split('\n')[0]).toBe('Ada <Lovelace>');
  expect(copied.text).toContain(`My digital business card: ${process.env.E2E_BASE_URL}/id/${card.id}/?src=email`);

  // The HTML source, as text.
  await dialog.getByRole('button', { name: 'Copy HTML' }).click();
  await expect(page.getByText('HTML copied.')).toBeVisible();
  const source = await page.evaluate(() => navigator.clipboard.readText());
  expect(source.startsWith('<table ')).toBe(true);
  expect(source).toContain('Ada &lt;Lovelace&gt;');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
