import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

// React Router 8's package exports pick its production build for a production build (the `development`
// condition only in dev), so the build needs no alias to leave its dev warnings out.
export default defineConfig(() => ({
  plugins: [react(), tailwindcss(), apiReferenceViewer()],
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
