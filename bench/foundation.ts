// Prints the server's idle memory (RSS, SQLite) and the gzip size of the JavaScript the sign-in page loads.
// Run: npm run build && npx tsx bench/foundation.ts
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { rssMegabytes, startServer } from './start-server';

const server = await startServer();
try {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleRss = rssMegabytes(server.pid);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  const scripts: { url: string; bytes: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({ url: new URL(response.url()).pathname, bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await browser.close();
  const afterTraffic = rssMegabytes(server.pid);

  const totalGzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
  for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.warn(`  ${script.url.padEnd(48)} ${(script.bytes / 1024).toFixed(1).padStart(7)} KB  gzip ${(script.gzip / 1024).toFixed(1).padStart(6)} KB`);
  }
  console.warn(`sign-in page initial JavaScript: ${(totalGzip / 1024).toFixed(1)} KB gzip in ${scripts.length} files (budget 130 KB)`);
  console.warn(`server idle RSS (SQLite): ${idleRss.toFixed(1)} MB at start, ${afterTraffic.toFixed(1)} MB after serving the page (budget 150 MB)`);
} finally {
  await server.stop();
}
