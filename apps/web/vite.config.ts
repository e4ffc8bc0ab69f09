import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/*
 * React Router's package exports name only its development build (remix-run/react-router#12532), whose dev
 * warnings would ship to every visitor; its production build differs only in leaving them out.
 */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
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
