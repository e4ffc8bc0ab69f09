import fs from 'node:fs';
import path from 'node:path';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compiledCatalogs } from './compiled-catalogs';

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

/**
 * dist/login.html: index.html with the sign-in screen rendered into it (src/prerender/login.tsx), so /login paints
 * from HTML before the app's JavaScript has run; the server sends it for /login to visitors without a session
 * cookie (apps/server/src/web/spa.ts). It names the same scripts as index.html, and preloads the sign-in screen's
 * chunk, which replaces the copy. Rendered with Vite's SSR loader over the sources, after the client build.
 */
function prerenderLogin(): Plugin {
  return {
    name: 'prerender-login',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const server = await createServer({
        configFile: path.resolve(import.meta.dirname, 'vite.config.ts'),
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        logLevel: 'error',
      });
      let markup: string;
      try {
        const { renderLoginScreen } = (await server.ssrLoadModule('/src/prerender/login.tsx')) as { renderLoginScreen: () => string };
        markup = renderLoginScreen();
      } finally {
        await server.close();
      }
      const loginChunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/src/features/auth/login-page.tsx'));
      if (!loginChunk) throw new Error('prerender-login: no chunk for src/features/auth/login-page.tsx');
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const root = '<div id="root"></div>';
      if (!html.includes(root) || !html.includes('</head>')) throw new Error(`prerender-login: index.html has no ${root}`);
      const login = html
        .replace('</head>', `  <link rel="modulepreload" crossorigin href="/${loginChunk.fileName}">\n  </head>`)
        .replace(root, `<div id="prerendered">${markup}</div>\n    ${root}`);
      fs.writeFileSync(path.join(outDir, 'login.html'), login);
    },
  };
}

// React Router 8's package exports pick its production build for a production build (the `development`
// condition only in dev), so the build needs no alias to leave its dev warnings out.
export default defineConfig(() => ({
  plugins: [react(), tailwindcss(), compiledCatalogs(), zodWithoutEval(), apiReferenceViewer(), prerenderLogin()],
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
