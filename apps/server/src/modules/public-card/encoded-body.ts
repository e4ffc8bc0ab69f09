import crypto from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** A body in the three encodings a browser may ask for, made once. */
export interface EncodedBody {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export function encodeBody(text: string): EncodedBody {
  const raw = Buffer.from(text, 'utf8');
  return {
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    etag: `W/"${crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 16)}"`,
  };
}
