import QRCode from 'qrcode';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

/**
 * The card scanner in Chromium, offline: every request outside our server is refused, so the OCR worker, its
 * WebAssembly core and the English data must come from our own origin. Two cards are rendered by the test
 * from HTML and photographed (screenshots): one read by OCR, one carrying a vCard QR code.
 */

async function blockEverythingElse(page: Page): Promise<string[]> {
  const outside: string[] = [];
  const base = new URL(process.env.E2E_BASE_URL!).origin;
  await page.context().route(
    (url) => url.origin !== base && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  return outside;
}

/** A business card rendered in a blank page and photographed as a PNG, on a dark table (the scanner crops it). */
async function photographCard(page: Page, cardHtml: string): Promise<Buffer> {
  const studio = await page.context().newPage();
  await studio.setViewportSize({ width: 1100, height: 700 });
  await studio.setContent(`<!doctype html><html><body style="margin:0;background:#3a3a3a;display:flex;align-items:center;justify-content:center;height:700px">
    <div id="card" style="width:900px;height:500px;background:#fff;font-family:'DejaVu Sans',Arial,sans-serif;color:#111;padding:48px;box-sizing:border-box;position:relative">${cardHtml}</div>
  </body></html>`);
  const photo = await studio.screenshot({ type: 'png' });
  await studio.close();
  return photo;
}

const field = (page: Page, label: string) => page.getByRole('form', { name: 'Check the details' }).getByLabel(label, { exact: true });

async function chooseImage(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('Card image').setInputFiles({ name, mimeType: 'image/png', buffer });
}

test('a photographed card is read on the device, reviewed, saved with its photo; a second card in a row', async ({ page }) => {
  test.setTimeout(120_000);
  const outside = await blockEverythingElse(page);
  await registerThroughApi(page);
  await page.goto('/contacts');
  await page.getByRole('link', { name: 'Scan a card' }).click();
  await expect(page).toHaveURL(/\/contacts\/scan$/);
  await expect(page.getByRole('heading', { name: 'Scan a card' })).toBeVisible();
  await expectAccessible(page);

  const photo = await photographCard(
    page,
    `<div style="font-size:54px;font-weight:700">Jane Doe</div>
     <div style="font-size:30px;margin-top:10px">Chief Executive Officer</div>
     <div style="font-size:34px;margin-top:18px;font-weight:600">Acme Robotics Inc.</div>
     <div style="font-size:28px;margin-top:40px;line-height:1.5">
       <div>+1 415 555 0132</div><div>jane.doe@acmerobotics.com</div><div>www.acmerobotics.com</div>
     </div>`,
  );
  const started = Date.now();
  await chooseImage(page, 'card.png', photo);
  await expect(page.getByRole('heading', { name: 'Check the details' })).toBeVisible({ timeout: 90_000 });
  const coldMs = Date.now() - started;

  await expect(field(page, 'Name')).toHaveValue('Jane Doe');
  await expect(field(page, 'Job title')).toHaveValue('Chief Executive Officer');
  await expect(field(page, 'Company')).toHaveValue('Acme Robotics Inc.');
  await expect(field(page, 'Emails')).toHaveValue('jane.doe@acmerobotics.com');
  await expect(field(page, 'Phones')).toHaveValue('+14155550132');
  await expect(field(page, 'Websites')).toHaveValue('https://www.acmerobotics.com');
  await expect(page.getByRole('img', { name: 'The scanned card' })).toBeVisible();
  await expectAccessible(page);
  await field(page, 'Note').fill('Met at the robotics fair');
  await page.getByRole('button', { name: 'Save and scan next' }).click();
  await expect(page.getByText('Jane Doe saved to your contacts.')).toBeVisible();
  await expect(page.getByText('1 card saved in this session')).toBeVisible();

  // The next card of the stack: the reader is warm now.
  const second = await photographCard(
    page,
    `<div style="font-size:34px;font-weight:600">Northwind Traders</div>
     <div style="font-size:54px;font-weight:700;margin-top:30px">Michael Chen</div>
     <div style="font-size:30px;margin-top:10px">Sales Manager</div>
     <div style="font-size:28px;margin-top:40px">mchen@northwindtraders.com</div>`,
  );
  const warmStarted = Date.now();
  await chooseImage(page, 'second.png', second);
  await expect(field(page, 'Name')).toHaveValue('Michael Chen', { timeout: 60_000 });
  const warmMs = Date.now() - warmStarted;
  await expect(field(page, 'Company')).toHaveValue('Northwind Traders');
  await page.getByRole('button', { name: 'Discard' }).click();
  test.info().annotations.push({ type: 'scan timing', description: `file chosen → review: cold ${coldMs} ms, warm ${warmMs} ms` });

  await page.getByRole('link', { name: 'Back to contacts' }).click();
  const row = page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: 'Jane Doe' });
  await expect(row).toContainText('Scanned card');
  await row.getByRole('button', { name: 'Jane Doe' }).click();
  const drawer = page.getByRole('dialog', { name: 'Jane Doe' });
  await expect(drawer.getByText('Met at the robotics fair')).toBeVisible();
  const image = drawer.getByRole('img', { name: 'Photo of the business card' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 300)).toBe(true);
  expect(outside).toEqual([]);
});

test('a card with a vCard QR code gives the exact fields without OCR', async ({ page }) => {
  const outside = await blockEverythingElse(page);
  await registerThroughApi(page);
  const vcard = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'N:Fernández;Lucía;;;',
    'FN:Lucía Fernández',
    'ORG:Soluciones Iberia S.L.',
    'TITLE:Directora de Marketing',
    'TEL;TYPE=CELL:+34 612 345 678',
    'EMAIL:lucia.fernandez@solucionesiberia.es',
    'URL:https://www.solucionesiberia.es',
    'END:VCARD',
  ].join('\r\n');
  const qr = await QRCode.toDataURL(vcard, { margin: 2, width: 360, errorCorrectionLevel: 'M' });
  const photo = await photographCard(
    page,
    `<div style="font-size:40px">Lucía</div><img alt="" src="${qr}" style="position:absolute;right:48px;top:70px;width:360px;height:360px">`,
  );
  await page.goto('/contacts/scan');
  await chooseImage(page, 'qr-card.png', photo);
  await expect(page.getByText('Read from the card’s QR code (exact data).')).toBeVisible({ timeout: 30_000 });
  await expect(field(page, 'Name')).toHaveValue('Lucía Fernández');
  await expect(field(page, 'Job title')).toHaveValue('Directora de Marketing');
  await expect(field(page, 'Company')).toHaveValue('Soluciones Iberia S.L.');
  await expect(field(page, 'Emails')).toHaveValue('lucia.fernandez@solucionesiberia.es');
  await expect(field(page, 'Phones')).toHaveValue('+34612345678');
  await expect(field(page, 'Websites')).toHaveValue('https://www.solucionesiberia.es/');
  await page.getByRole('button', { name: 'Save and scan next' }).click();
  await expect(page.getByText('Lucía Fernández saved to your contacts.')).toBeVisible();

  // The same card again, dropped on the page this time: flagged as a duplicate; "Merge" saves into the one kept.
  const dropped = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    return transfer;
  }, photo.toString('base64'));
  await page.getByText('Take a photo of a business card').dispatchEvent('drop', { dataTransfer: dropped });
  const duplicate = page.getByRole('region', { name: 'Possible duplicate' });
  await expect(duplicate).toContainText('Lucía Fernández');
  await duplicate.getByRole('button', { name: 'Merge' }).click();
  await page.getByRole('button', { name: 'Merge and scan next' }).click();
  await expect(page.getByText('Lucía Fernández updated from the card.')).toBeVisible();
  const contacts = await (await page.request.get('/api/contacts')).json();
  expect(contacts.total).toBe(1);
  expect(outside).toEqual([]);
});
