/**
 * The card scanner in Chromium against the production build: the time from choosing a photo to the review
 * form (first card with nothing cached, the next card with the reader warm, and a later visit with the
 * browser's cache), and the bytes the scanner screen downloads on a first and a later visit (as sent, i.e.
 * compressed). Run: npm run build && npm run bench:scanner-load
 */
import { chromium, type Page } from '@playwright/test';
import { startServer } from './start-server';

const cardHtml = `<div style="font-size:54px;font-weight:700">Jane Doe</div>
  <div style="font-size:30px;margin-top:10px">Chief Executive Officer</div>
  <div style="font-size:34px;margin-top:18px;font-weight:600">Acme Robotics Inc.</div>
  <div style="font-size:28px;margin-top:40px;line-height:1.5"><div>+1 415 555 0132</div><div>jane.doe@acmerobotics.com</div><div>www.acmerobotics.com</div></div>`;

async function photograph(page: Page): Promise<Buffer> {
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.setContent(`<body style="margin:0;background:#3a3a3a;display:flex;align-items:center;justify-content:center;height:700px">
    <div style="width:900px;height:500px;background:#fff;font-family:'DejaVu Sans',Arial,sans-serif;padding:48px;box-sizing:border-box">${cardHtml}</div></body>`);
  return page.screenshot({ type: 'png' });
}

function countBytes(page: Page) {
  const counter = { bytes: 0, files: new Map<string, number>() };
  page.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      counter.bytes += bytes;
      counter.files.set(new URL(request.url()).pathname, bytes);
    });
  });
  return counter;
}

async function scanOnce(page: Page, photo: Buffer): Promise<number> {
  const started = Date.now();
  await page.getByLabel('Card image').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('heading', { name: 'Check the details' }).waitFor({ timeout: 120_000 });
  const elapsed = Date.now() - started;
  await page.getByRole('button', { name: 'Discard' }).click();
  return elapsed;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const signUp = await context.request.post('/api/auth/sign-up/email', {
    data: { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'correct horse battery' },
    headers: { origin: server.baseUrl },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()}`);
  const photo = await photograph(await context.newPage());

  const first = await context.newPage();
  await first.goto('/contacts');
  await first.getByRole('link', { name: 'Scan a card' }).waitFor();
  const firstBytes = countBytes(first);
  await first.getByRole('link', { name: 'Scan a card' }).click();
  const cold = await scanOnce(first, photo);
  const warm = await scanOnce(first, photo);
  await first.waitForTimeout(500);
  await first.close();

  const later = await context.newPage();
  await later.goto('/contacts');
  await later.getByRole('link', { name: 'Scan a card' }).waitFor();
  const laterBytes = countBytes(later);
  await later.getByRole('link', { name: 'Scan a card' }).click();
  const laterVisit = await scanOnce(later, photo);
  await later.waitForTimeout(500);

  process.stdout.write(`file chosen → review form: first card ${cold} ms, next card ${warm} ms, later visit ${laterVisit} ms\n`);
  process.stdout.write(`scanner screen downloads: first visit ${kb(firstBytes.bytes)}, later visit ${kb(laterBytes.bytes)}\n`);
  for (const [file, bytes] of [...firstBytes.files].sort((a, b) => b[1] - a[1]).slice(0, 8)) process.stdout.write(`  ${kb(bytes).padStart(8)}  ${file}\n`);
} finally {
  await browser.close();
  await server.stop();
}
