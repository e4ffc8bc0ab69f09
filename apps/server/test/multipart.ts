import crypto from 'node:crypto';

export interface MultipartPart {
  name: string;
  content: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, as a browser's FormData upload would send it. */
export function multipartBody(parts: MultipartPart[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----cards-test-${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.filename !== undefined || part.contentType) head.push(`Content-Type: ${part.contentType ?? 'application/octet-stream'}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file in the field `file`, as the upload routes expect. */
export function fileUpload(content: Buffer | string, filename: string, contentType?: string) {
  return multipartBody([{ name: 'file', content, filename, ...(contentType ? { contentType } : {}) }]);
}
