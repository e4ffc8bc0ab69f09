// Bundles the server into dist/ with esbuild (the options: build-options.mjs).
import fs from 'node:fs';
import { build } from 'esbuild';
import { serverBuildOptions } from './build-options.mjs';

fs.rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build(serverBuildOptions);
