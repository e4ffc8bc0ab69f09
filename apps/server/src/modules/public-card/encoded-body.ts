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

/**
 * A body encoded the first time it is asked for, then kept: an idle server has not loaded its compressors or
 * React's renderer for pages nobody has asked for yet (brotli at quality 11 alone pages in ~3 MB).
 */
export function encodedOnce(text: () => string): () => EncodedBody {
  let body: EncodedBody | undefined;
  return () => (body ??= encodeBody(text()));
}
