import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// React Router's package exports give its production build by default and its development build (with dev
// warnings) only under the "development" condition, which Vite sets in the dev server alone: no alias needed.
export default defineConfig(() => ({
  plugins: [react(), tailwindcss()],
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
