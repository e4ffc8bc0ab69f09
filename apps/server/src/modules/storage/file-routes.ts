import type { Readable } from 'node:stream';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withExtension } from '@cardstack/shared/cards/files';
import type { ServedFiles } from '../module-contract';
import type { FileStorage } from './storage';

/** RFC 5987 attr-char: percent-encode everything encodeURIComponent leaves alone that is not an attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment` with the name a download is saved under: a quoted ASCII fallback every client reads (quotes,
 * backslashes, controls and anything outside printable ASCII replaced), plus `filename*` with the real name
 * when it differs. The name never breaks out of the header.
 */
export function attachmentDisposition(fileName: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim() || 'download';
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(cleaned)?.[0] ?? '';
  const asciiStem = cleaned.slice(0, cleaned.length - extension.length).normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["%;]/g, '_').trim();
  const ascii = `${asciiStem || 'download'}${extension}`;
  const header = `attachment; filename="${ascii}"`;
  return ascii === cleaned ? header : `${header}; filename*=UTF-8''${encodeRfc5987(cleaned)}`;
}

/**
 * Sends a stored file with headers that keep it from running as a page on our origin: our own content type,
 * nosniff and a sandboxing CSP. Images other than SVG show inline; everything else downloads, under
 * `downloadName` when given (with the stored file's extension, which is its detected type: a name stored
 * before that rule cannot bring its own), else the stored (generated) name.
 */
export function sendStoredFile(
  reply: FastifyReply,
  key: string,
  file: { body: Readable | Buffer; contentType: string; size: number },
  options: { downloadName?: string; cacheControl?: string } = {},
) {
  const isInline = file.contentType.startsWith('image/') && file.contentType !== 'image/svg+xml' && !options.downloadName;
  const storedName = key.split('/').pop() ?? 'download';
  const extension = path.extname(storedName).slice(1);
  const downloadName = options.downloadName && extension ? withExtension(options.downloadName, extension) : storedName;
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', options.cacheControl ?? 'public, max-age=300')
    .header('content-disposition', isInline ? 'inline' : attachmentDisposition(downloadName))
    .send(file.body);
}

/**
 * Serves the stored files of the folders the modules declare (a key's first segment) at /files/{key}: only what
 * pages link to for anyone to load, and of those only what the owning module allows (a blocked card's images are
 * not served to visitors). Every other key answers 404 like a missing file, whoever asks: scanned contact photos
 * and design requests' uploads are personal data, which their owners read through authenticated routes. Names are generated (never the uploader's), the
 * content type comes from our own extension table, and nosniff plus a sandboxing CSP stop a file from running as a
 * page.
 */
export function registerFileRoutes(app: FastifyInstance, storage: FileStorage, served: readonly ServedFiles[]): void {
  const ownerOfFolder = new Map(served.flatMap((files) => files.folders.map((folder) => [folder, files] as const)));
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const owner = ownerOfFolder.get(key.split('/')[0] ?? '');
    const viewerId = async () => (await request.callerIfSignedIn())?.userId ?? null;
    let file;
    try {
      const isServed = owner !== undefined && (!owner.isServable || (await owner.isServable(key, viewerId)));
      file = isServed ? await storage.get(key) : null;
    } catch {
      file = null;
    }
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return sendStoredFile(reply, key, file);
  });
}
