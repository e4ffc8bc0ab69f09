// The esbuild options of the server bundle, shared by build.mjs and the test that checks what the server loads
// at start (src/start-imports.test.ts). npm dependencies stay external (native modules such as better-sqlite3
// and sharp must be loaded from node_modules); our workspace packages (TypeScript sources, which Node cannot
// load) are bundled in.
import fs from 'node:fs';

const manifest = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter((name) => !name.startsWith('@cardstack/'))
  .flatMap((name) => [name, `${name}/*`]);

/** @type {import('esbuild').BuildOptions} */
export const serverBuildOptions = {
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/main.ts', 'src/mailbox-cli.ts', 'src/jobs-cli.ts', 'src/admin-cli.ts'],
  outdir: 'dist',
  bundle: true,
  // Code behind a dynamic import (Better Auth, the PostgreSQL job engine, S3, Stripe…) goes into chunks of its
  // own, so the npm packages it imports load only when it runs (without splitting they would load at start).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  // The oldest Node the server supports (package.json's engines).
  target: 'node22.22',
  // Code in ASCII: non-ASCII characters in strings are escaped (build.mjs relies on it for the comments).
  charset: 'ascii',
  sourcemap: true,
  jsx: 'automatic',
  external,
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
};
