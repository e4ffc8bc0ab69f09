import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

/*
 * The JavaScript every first visit downloads before the sign-in form can show: the scripts and modulepreloads the
 * built index.html names, gzip -9. Read from the Vite manifest (apps/web/dist/.vite/manifest.json) and the HTML
 * of the production build this suite runs against. Screens are lazy routes and must stay out of it, and so must
 * the route table beyond the sign-in screens (src/app/app-routes.tsx, added on the first navigation there).
 *
 * The budget is the target for the first screen. React, React DOM and the router alone are ~95 KB of it, so the app's own share
 * of the shell is a few KB (decision 0032): a change that adds to the first screen has to take something else
 * out, or raise this on purpose, with the reason in the commit.
 */
const initialJavaScriptBudgetKb = 100;

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

test('the first screen loads only the app shell, within the JavaScript budget', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['index.html'];
  expect(entry?.isEntry).toBe(true);

  // The entry and everything it imports statically: what the browser must have before the app starts.
  const initial = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');

  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const named = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  expect(new Set(named)).toEqual(initial);

  // Every screen is its own chunk, loaded when its route is visited: the sign-in screens straight from the shell,
  // the others from the rest of the route table, itself a lazy chunk.
  const appRoutes = 'src/app/app-routes.tsx';
  expect(entry!.dynamicImports).toContain(appRoutes);
  expect(initial.has(manifest[appRoutes]!.file)).toBe(false);
  const screens: [screen: string, loadedFrom: string][] = [
    ['src/features/auth/login-page.tsx', 'index.html'],
    ['src/features/auth/register-page.tsx', 'index.html'],
    ['src/features/cards/cards-list-page.tsx', appRoutes],
    ['src/features/contacts/contacts-page.tsx', appRoutes],
  ];
  for (const [screen, loadedFrom] of screens) {
    expect(manifest[loadedFrom]!.dynamicImports, screen).toContain(screen);
    expect(initial.has(manifest[screen]!.file), screen).toBe(false);
  }
  // Nor does it carry the query or the toast library: they come with the screens that use them. Each is known
  // by a string of its own (checked to be in the build, so this cannot pass by the string changing).
  const allJavaScript = fs.readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  for (const marker of ['No QueryClient set', 'data-sonner-toaster']) {
    const holders = allJavaScript.filter((file) => fs.readFileSync(path.join(dist, 'assets', file), 'utf8').includes(marker));
    expect(holders.length, marker).toBeGreaterThan(0);
    for (const file of holders) expect(initial.has(`assets/${file}`), `${marker} in ${file}`).toBe(false);
  }

  const sizes = named.map((file) => ({ file, gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length }));
  const totalKb = sizes.reduce((sum, { gzip }) => sum + gzip, 0) / 1024;
  console.warn(`initial JavaScript: ${totalKb.toFixed(1)} KB gzip -9 (${sizes.map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)}`).join(', ')})`);
  expect(totalKb, sizes.map(({ file, gzip }) => `${file}: ${gzip} B`).join('\n')).toBeLessThanOrEqual(initialJavaScriptBudgetKb);
});
