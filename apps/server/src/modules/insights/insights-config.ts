import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { configPiece, documented, optionalString } from '../../config-fields';

/** The marker that starts an MMDB file's metadata, within its last 128 KiB (MaxMind DB format 2.0). */
const mmdbMetadataMarker = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);
const mmdbMetadataWindow = 128 * 1024;

/**
 * GEOIP_DATABASE_PATH: a MaxMind-format country (or city) database. Checked here so a wrong path stops the start
 * with a clear message rather than leaving the dashboard silently without countries; the reader library itself
 * is loaded only when the app starts with a database.
 */
const geoipDatabasePath = optionalString.transform((value, ctx): string | undefined => {
  if (value === undefined) return undefined;
  const file = path.resolve(value);
  let handle: number | undefined;
  try {
    const { size } = fs.statSync(file);
    handle = fs.openSync(file, 'r');
    const length = Math.min(size, mmdbMetadataWindow);
    const tail = Buffer.alloc(length);
    fs.readSync(handle, tail, 0, length, size - length);
    if (tail.lastIndexOf(mmdbMetadataMarker) < 0) {
      ctx.addIssue({ code: 'custom', message: `${file} is no MaxMind DB (.mmdb) file: download a country database such as GeoLite2-Country or DB-IP's IP to Country Lite in MMDB format` });
      return z.NEVER;
    }
    return file;
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be the path of a readable .mmdb database file (cannot open ${file})` });
    return z.NEVER;
  } finally {
    if (handle !== undefined) fs.closeSync(handle);
  }
});

export const insightsConfig = configPiece({
  title: 'Insights',
  variables: {
    GEOIP_DATABASE_PATH: documented(geoipDatabasePath, {
      description: 'The path of a MaxMind-format country (or city) database (`.mmdb`, e.g. GeoLite2-Country or DB-IP\'s IP to Country Lite) for the insights\' top countries; checked at start-up. Unset: no countries are counted. See docs/self-hosting.md, Countries.',
    }),
  },
  build: (env) => ({ geoipDatabasePath: env.GEOIP_DATABASE_PATH ?? null }),
});
