import fs from 'node:fs';
import path from 'node:path';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compiledCatalogs } from './compiled-catalogs';
import type * as prerenderModule from './src/prerender/login';

/**
 * The public API's reference page (/api/v1/docs, served by the server) shows Scalar's viewer. Its standalone script
 * (vendor/scalar, see its README) is copied into the build with the file that starts it (src/api-reference/start.js),
 * so the page loads nothing from a CDN and needs no inline script. Only that page loads them; the app never does.
 */
function apiReferenceViewer(): Plugin {
  return {
    name: 'api-reference-viewer',
    apply: 'build',
    writeBundle(options) {
      const outDir = path.join(options.dir ?? 'dist', 'api-reference');
      fs.mkdirSync(outDir, { recursive: true });
      fs.copyFileSync(path.resolve(import.meta.dirname, 'vendor/scalar/standalone.js'), path.join(outDir, 'standalone.js'));
      fs.copyFileSync(path.resolve(import.meta.dirname, 'src/api-reference/start.js'), path.join(outDir, 'start.js'));
    },
  };
}

/**
 * zod compiles object schemas with `new Function` when it may, and finds out by trying once, when the first schema
 * is built. The app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses it, and the browser
 * reports a violation on every page load even though zod catches the error. Its `jitless` setting skips the probe,
 * but must be set before the first schema module runs, which no module of the app can promise across lazy chunks;
 * so the build sets it where zod creates its configuration. Zod's layout is named here: an upgrade that changes
 * that line fails the build rather than bringing the violation back.
 */
function zodWithoutEval(): Plugin {
  const created = '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});';
  return {
    name: 'zod-without-eval',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id.split('?')[0]!)) return null;
      if (!code.includes(created)) throw new Error(`zod-without-eval: ${id} no longer creates its configuration as "${created}"`);
      return { code: code.replace(created, '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = { jitless: true });'), map: null };
    },
  };
}

/** The app shell's texts in every language (src/lib/shell/messages/<locale>.json, see src/lib/shell/shell-text.ts). */
const shellTextsDir = path.resolve(import.meta.dirname, 'src/lib/shell/messages');
const shellTextsOf = (locale: string) => JSON.parse(fs.readFileSync(path.join(shellTextsDir, `${locale}.json`), 'utf8')) as Record<string, string>;

/**
 * Every page carries the app shell's few texts (the full-screen spinner's label, the route error screen) in every
 * language, as a JSON block that is not a script the browser runs: the first screen's JavaScript has no room for
 * them, and the error screen must speak when no chunk can be loaded any more (src/lib/shell/shell-text.ts). In the dev
 * server too. The page's title and description are the HTML's own (pagesPerLanguage).
 */
function shellTextsInHtml(): Plugin {
  return {
    name: 'shell-texts-in-html',
    transformIndexHtml() {
      const texts = Object.fromEntries(
        fs
          .readdirSync(shellTextsDir)
          .filter((file) => file.endsWith('.json'))
          .sort()
          .map((file) => {
            const { documentTitle: _title, documentDescription: _description, ...shown } = shellTextsOf(path.basename(file, '.json'));
            return [path.basename(file, '.json'), shown];
          }),
      );
      // `<` escaped: no text can close the block.
      const json = JSON.stringify(texts).replace(/</g, '\\u003c');
      return [{ tag: 'script', attrs: { type: 'application/json', id: 'shell-texts' }, children: json, injectTo: 'head' }];
    },
  };
}

/**
 * The built pages in every language the app speaks: dist/index.html (English) and index.de.html, index.fr.html…
 * with their `<html lang dir>`, title and description in the language, and dist/login.html, login.de.html… the
 * same with the sign-in screen rendered into it in that language (src/prerender/login.tsx), so /login paints from
 * HTML before the app's JavaScript has run. The server sends the page in the visitor's language (its app's last
 * language, else the browser's), and /login's only to visitors without a session cookie (apps/server/src/web/spa.ts).
 * A login page names the same scripts as index.html, and preloads the sign-in screen's chunk, which replaces the
 * copy, and the chunks of its catalogs in the language. Rendered with Vite's SSR loader over the sources, after
 * the client build.
 */
function prerenderLogin(): Plugin {
  return {
    name: 'prerender-login',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const chunkOf = (source: string) =>
        Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(source)) as { fileName: string } | undefined;
      const loginChunk = chunkOf('/src/features/auth/login-page.tsx');
      if (!loginChunk) throw new Error('prerender-login: no chunk for src/features/auth/login-page.tsx');
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const root = '<div id="root"></div>';
      if (!html.includes(root) || !html.includes('</head>')) throw new Error(`prerender-login: index.html has no ${root}`);
      const english = shellTextsOf('en');
      const head = ['<html lang="en">', `<title>${english.documentTitle}</title>`, `<meta name="description" content="${english.documentDescription}" />`];
      for (const part of head) if (!html.includes(part)) throw new Error(`prerender-login: index.html has no ${part} (src/lib/shell/messages/en.json)`);

      const server = await createServer({
        configFile: path.resolve(import.meta.dirname, 'vite.config.ts'),
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        logLevel: 'error',
      });
      try {
        const prerender = (await server.ssrLoadModule('/src/prerender/login.tsx')) as typeof prerenderModule;
        for (const locale of prerender.locales) {
          const texts = shellTextsOf(locale);
          const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
          const page = html
            .replace(head[0]!, `<html lang="${locale}" dir="${prerender.textDirection(locale)}">`)
            .replace(head[1]!, `<title>${attribute(texts.documentTitle!)}</title>`)
            .replace(head[2]!, `<meta name="description" content="${attribute(texts.documentDescription!)}" />`);
          const suffix = locale === 'en' ? '' : `.${locale}`;
          if (locale !== 'en') fs.writeFileSync(path.join(outDir, `index${suffix}.html`), page);
          // The sign-in screen's catalogs in the language come with it, rather than after its chunk has run.
          const catalogs = locale === 'en' ? [] : ['features/auth', 'components'].map((folder) => chunkOf(`/src/${folder}/messages/${locale}.json`));
          const preloads = [loginChunk, ...catalogs].map((chunk) => {
            if (!chunk) throw new Error(`prerender-login: no chunk for a catalog of the sign-in screen in ${locale}`);
            return `  <link rel="modulepreload" crossorigin href="/${chunk.fileName}">\n`;
          });
          const markup = await prerender.renderLoginScreen(locale);
          const login = page.replace('</head>', `${preloads.join('')}  </head>`).replace(root, `<div id="prerendered">${markup}</div>\n    ${root}`);
          fs.writeFileSync(path.join(outDir, `login${suffix}.html`), login);
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * The service worker (src/service-worker/sw.ts, built to dist/sw.js with the list of files to precache): the app
 * shell offline, the last card list and QR codes (docs/offline.md). The app registers it itself after the first
 * screen (src/lib/offline/service-worker-client.ts), so nothing is injected into the pages; the web app manifest is
 * a file of its own (public/manifest.webmanifest). The precache holds the app's own files, not the per-language
 * pages (the server sends those while online) nor the API reference viewer.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg', 'manifest.webmanifest'],
      // The card scanner reads photos with the server's OCR worker: it needs the network anyway.
      globIgnores: ['assets/scanner-page-*.js'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

// React Router 8's package exports pick its production build for a production build (the `development`
// condition only in dev), so the build needs no alias to leave its dev warnings out.
export default defineConfig(() => ({
  plugins: [react(), tailwindcss(), compiledCatalogs(), zodWithoutEval(), apiReferenceViewer(), shellTextsInHtml(), prerenderLogin(), serviceWorker()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // The manifest (dist/.vite/manifest.json) lets a test check what the first screen loads.
    manifest: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the first screen's JavaScript.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000', '/id': 'http://localhost:3000' } },
}));
