import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest (dist/.vite/manifest.json) lets a test check what the first screen loads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 400, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000', '/id': 'http://localhost:3000' } },
});
