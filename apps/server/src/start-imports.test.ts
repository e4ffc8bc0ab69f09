import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs module without types (the build script's options, shared with build.mjs)
import { serverBuildOptions } from '../build-options.mjs';

/*
 * What the built server loads at start is what `main.js` imports statically, chunk by chunk: those packages are
 * in an idle server's memory. The ones below serve only some requests or some configurations and are loaded on
 * first use (a dynamic import); one static import anywhere on the way (a helper imported from the library, a
 * value re-exported next to types) would bring the library back into every idle server without a test failing
 * anywhere else. Measured costs: docs/decisions/0028 ("Idle memory").
 */
const loadedOnFirstUse = ['better-auth', 'better-call', 'pg', 'pg-boss', 'exceljs', 'sharp', 'stripe', '@aws-sdk/client-s3', 'papaparse', 'saxes', 'cron-parser', 'prom-client', 'nodemailer', 'qrcode', 'jose', 'standardwebhooks', '@node-oauth/oauth2-server', 'react-dom'];

/** The packages the output file imports statically, through the chunks it imports statically. */
function packagesLoadedWith(metafile: Metafile, output: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(output)) return packages;
  seen.add(output);
  for (const entry of metafile.outputs[output]?.imports ?? []) {
    if (entry.kind !== 'import-statement') continue;
    if (entry.external) packages.add(entry.path.startsWith('@') ? entry.path.split('/').slice(0, 2).join('/') : entry.path.split('/')[0]!);
    else for (const name of packagesLoadedWith(metafile, entry.path, seen)) packages.add(name);
  }
  return packages;
}

describe('what the server loads at start', () => {
  it('does not load the libraries idle does not need', async () => {
    const { metafile } = await build({ ...serverBuildOptions, entryPoints: ['src/main.ts'], write: false, metafile: true, sourcemap: false, logLevel: 'silent' });
    if (!metafile) throw new Error('esbuild returned no metafile');
    // main.ts imports server.ts dynamically but at once (after holding the young generation): both are the start.
    const serverChunk = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === 'src/server.ts')?.[0];
    expect(serverChunk).toBeDefined();
    const seen = new Set<string>();
    const atStart = new Set([...packagesLoadedWith(metafile, 'dist/main.js', seen), ...packagesLoadedWith(metafile, serverChunk!, seen)]);
    expect(atStart).toContain('fastify'); // the walk itself works
    expect(loadedOnFirstUse.filter((name) => atStart.has(name))).toEqual([]);
  });
});
