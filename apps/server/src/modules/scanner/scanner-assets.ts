import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/*
 * The on-device OCR's files, served from the npm packages by our own origin (never a CDN): tesseract.js's worker
 * script, the tesseract core (WebAssembly, embedded in its .wasm.js loaders) and one traineddata file per
 * language package installed (@tesseract.js-data/<lang>). The path carries a hash of the package versions, so
 * the files are cached for good and an upgrade changes every URL.
 */

/** The language data the browser reads: the LSTM-only "best_int" models, the smallest that read cards well. */
const languageDataFolder = '4.0.0_best_int';
const knownLanguageOrder = ['eng', 'deu', 'fra', 'spa'];

export interface ScannerAssets {
  /** e.g. /scanner-assets/3f2a9c1b0d */
  base: string;
  /** Tesseract codes of the installed language packages, English first. */
  languages: string[];
  /** A served name (worker.min.js, core/<file>, lang/<code>.traineddata.gz) → the file on disk. */
  files: Map<string, string>;
}

const immutable = 'public, max-age=31536000, immutable';
const contentTypeOf = (name: string) =>
  name.endsWith('.wasm') ? 'application/wasm' : name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream';
/**
 * The worker's own policy (a dedicated worker obeys the CSP its script is served with, not the page's): the
 * page's 'self' plus 'wasm-unsafe-eval', which compiling the tesseract core needs. The SPA's CSP is unchanged.
 */
const workerPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";

/** Finds the packages next to the server (node_modules), or null when the OCR packages are not installed. */
export function locateScannerAssets(fromUrl: string = import.meta.url): ScannerAssets | null {
  const require = createRequire(fromUrl);
  let tesseractDir: string;
  let coreDir: string;
  try {
    tesseractDir = path.dirname(require.resolve('tesseract.js/package.json'));
    coreDir = path.dirname(require.resolve('tesseract.js-core/package.json'));
  } catch {
    return null;
  }
  const files = new Map<string, string>();
  files.set('worker.min.js', path.join(tesseractDir, 'dist', 'worker.min.js'));
  const core = JSON.parse(fs.readFileSync(path.join(coreDir, 'package.json'), 'utf8')) as { version: string; files?: string[] };
  for (const name of core.files ?? []) {
    if (/^tesseract-core[\w-]*\.(wasm\.js|wasm|js)$/.test(name)) files.set(`core/${name}`, path.join(coreDir, name));
  }

  const languages: string[] = [];
  const versions = [`tesseract.js@${readVersion(tesseractDir)}`, `core@${core.version}`];
  let dataScope: string | null = null;
  try {
    dataScope = path.dirname(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')));
  } catch {
    dataScope = null;
  }
  for (const code of dataScope && fs.existsSync(dataScope) ? fs.readdirSync(dataScope) : []) {
    const file = path.join(dataScope!, code, languageDataFolder, `${code}.traineddata.gz`);
    if (!/^[a-z_]{3,12}$/.test(code) || !fs.existsSync(file)) continue;
    languages.push(code);
    files.set(`lang/${code}.traineddata.gz`, file);
    versions.push(`${code}@${readVersion(path.join(dataScope!, code))}`);
  }
  // Codes are [a-z_] only, so code-unit order is the alphabetical one; localeCompare would load ICU's collation
  // data into every server at start (~2.5 MB of RSS) for it.
  languages.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const hash = crypto.createHash('sha256').update(versions.sort().join('\n')).digest('hex').slice(0, 10);
  return { base: `/scanner-assets/${hash}`, languages, files };
}

function rank(code: string): number {
  const index = knownLanguageOrder.indexOf(code);
  return index === -1 ? knownLanguageOrder.length : index;
}

function readVersion(packageDir: string): string {
  return (JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * GET {base}/{name}: the files above, with their content types and a year of caching. The language data is
 * gzip already (tesseract unpacks it itself), so it goes out as is; the scripts are compressed on the way.
 */
export function registerScannerAssetRoutes(app: FastifyInstance, assets: ScannerAssets): void {
  const send = async (name: string, reply: FastifyReply, isPrecompressed: boolean) => {
    const file = assets.files.get(name);
    if (!file) return reply.status(404).send({ error: { code: 'not-found', message: 'No such scanner file.' } });
    reply
      .header('content-type', contentTypeOf(name))
      .header('cache-control', immutable)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin');
    if (isPrecompressed) reply.header('content-length', (await fs.promises.stat(file)).size);
    if (name === 'worker.min.js') reply.header('content-security-policy', workerPolicy);
    return reply.send(fs.createReadStream(file));
  };
  app.get(`${assets.base}/lang/:file`, { compress: false }, async (request, reply) =>
    send(`lang/${(request.params as { file: string }).file}`, reply, true),
  );
  app.get(`${assets.base}/*`, async (request, reply) => send((request.params as { '*': string })['*'], reply, false));
}
