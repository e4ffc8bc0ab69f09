// `npm start`: builds the web app and the server only when a build is missing or older than what it is built
// from, then runs the server in this process. A production install without build tools (`npm ci --omit=dev`
// on a built tree) starts without building; one whose build is stale stops and says so.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
const inputs = [
  'package-lock.json',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/build-options.mjs',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/card-view/src',
];
const isTestFile = /\.(test|contract)\.tsx?$/;

/** The newest modification time under `target` (a file or a folder), 0 when it does not exist. */
function newestTime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return isTestFile.test(target) ? 0 : stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, name) => Math.max(newest, newestTime(path.join(target, name))), 0);
}

function oldestOutputTime() {
  return Math.min(...outputs.map((output) => (fs.existsSync(path.join(root, output)) ? fs.statSync(path.join(root, output)).mtimeMs : 0)));
}

const built = oldestOutputTime();
const newestInput = Math.max(...inputs.map((input) => newestTime(path.join(root, input))));
if (built === 0 || newestInput > built) {
  // (vite and esbuild alone prove nothing: a production install gets them as a library's optional peer.)
  const hasBuildTools = ['typescript', '@vitejs/plugin-react', '@tailwindcss/vite'].every((tool) => fs.existsSync(path.join(root, 'node_modules', tool)));
  if (!hasBuildTools) {
    console.error(
      built === 0
        ? 'There is no build and no build tools: run `npm ci && npm run build` (or install the built tree).'
        : 'The build is older than the sources and the build tools are not installed: run `npm ci && npm run build`.',
    );
    process.exit(1);
  }
  console.warn(built === 0 ? 'No build yet: building (npm run build)…' : 'The sources changed since the last build: building (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
