// Prints the server's idle memory (RSS, SQLite) and the gzip size of the JavaScript the sign-in page loads.
// Run: npm run build && npx tsx bench/foundation.ts
import zlib from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { rssMegabytes, startServer } from './start-server';

/** The target for the sign-in page: every script and modulepreload its HTML names, gzip -9. */
const initialJavaScriptTargetKb = 100;

const gzipKb = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length / 1024;
const line = (file: string, bytes: number, gzip: number) =>
  `  ${file.padEnd(48)} ${(bytes / 1024).toFixed(1).padStart(7)} KB  gzip ${gzip.toFixed(1).padStart(6)} KB`;

const server = await startServer();
try {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleRss = rssMegabytes(server.pid);

  // The figure: what the HTML names, as the e2e test e2e/initial-javascript.spec.ts counts it.
  const html = await (await fetch(`${server.baseUrl}/login`)).text();
  const named = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="(\/[^"]+\.js)"/g)].map((match) => match[1]!);
  let namedGzip = 0;
  console.warn('scripts and modulepreloads named by the HTML of /login:');
  for (const file of named) {
    const body = Buffer.from(await (await fetch(`${server.baseUrl}${file}`)).arrayBuffer());
    const gzip = gzipKb(body);
    namedGzip += gzip;
    console.warn(line(file, body.length, gzip));
  }

  // Everything the browser fetched until the sign-in form is on screen (the route's own chunks too).
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const untilForm = [...responses];
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(
    untilForm.map(async (response) => {
      const body = await response.body();
      return { file: new URL(response.url()).pathname, bytes: body.length, gzip: gzipKb(body) };
    }),
  );
  const laterCount = responses.length - untilForm.length;
  await browser.close();
  const afterTraffic = rssMegabytes(server.pid);

  console.warn('scripts fetched until the sign-in form showed:');
  for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) console.warn(line(script.file, script.bytes, script.gzip));
  const fetchedGzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.warn(
    `sign-in page initial JavaScript (scripts and modulepreloads the HTML names): ${namedGzip.toFixed(1)} KB gzip -9 in ${named.length} files (target ${initialJavaScriptTargetKb} KB)`,
  );
  console.warn(
    `sign-in page, all JavaScript fetched until the form showed: ${fetchedGzip.toFixed(1)} KB gzip -9 in ${scripts.length} files (${laterCount} more after it, until the network was idle)`,
  );
  console.warn(`server idle RSS (SQLite): ${idleRss.toFixed(1)} MB at start, ${afterTraffic.toFixed(1)} MB after serving the page (budget 150 MB)`);
} finally {
  await server.stop();
}
