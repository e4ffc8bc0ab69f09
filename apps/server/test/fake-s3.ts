import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny in-process stand-in for an S3-compatible service: path-style requests to one bucket, the handful
 * of calls our storage makes (put, copy, get, head, delete, list v2, batch delete). It ignores signatures.
 * `pageSize` is small on purpose so listing has to follow continuation tokens.
 */
export async function startFakeS3(options: { bucket: string; pageSize?: number }) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const pageSize = options.pageSize ?? 1000;
  const requests: string[] = [];
  const xml = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  };
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const notFound = (res: http.ServerResponse, method: string) =>
    method === 'HEAD' ? res.writeHead(404).end() : xml(res, 404, '<Error><Code>NoSuchKey</Code><Message>Not found</Message></Error>');

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const method = req.method ?? 'GET';
    requests.push(`${method} ${key || '(bucket)'}${url.search}`);
    if (bucket !== options.bucket) return xml(res, 404, '<Error><Code>NoSuchBucket</Code></Error>');

    if (!key && method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((candidate) => candidate.startsWith(prefix)).sort();
      const start = Number(url.searchParams.get('continuation-token') ?? '0');
      const page = all.slice(start, start + pageSize);
      const isTruncated = start + pageSize < all.length;
      return xml(
        res,
        200,
        `<ListBucketResult><Name>${bucket}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
          `<IsTruncated>${isTruncated}</IsTruncated>${isTruncated ? `<NextContinuationToken>${start + pageSize}</NextContinuationToken>` : ''}` +
          page.map((k) => `<Contents><Key>${escape(k)}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`).join('') +
          '</ListBucketResult>',
      );
    }
    if (!key && method === 'POST' && url.searchParams.has('delete')) {
      for (const match of body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)) {
        objects.delete(match[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      }
      return xml(res, 200, '<DeleteResult></DeleteResult>');
    }
    if (!key) return xml(res, 400, '<Error><Code>InvalidRequest</Code></Error>');

    switch (method) {
      case 'PUT': {
        const source = req.headers['x-amz-copy-source'];
        if (typeof source === 'string') {
          const sourceKey = decodeURIComponent(source).replace(/^\/?[^/]+\//, '');
          const found = objects.get(sourceKey);
          if (!found) return notFound(res, method);
          objects.set(key, { ...found });
          return xml(res, 200, '<CopyObjectResult><ETag>"copied"</ETag></CopyObjectResult>');
        }
        objects.set(key, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' });
        return res.writeHead(200, { etag: '"stored"' }).end();
      }
      case 'GET':
      case 'HEAD': {
        const found = objects.get(key);
        if (!found) return notFound(res, method);
        res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length });
        return res.end(method === 'GET' ? found.body : undefined);
      }
      case 'DELETE':
        objects.delete(key);
        return res.writeHead(204).end();
      default:
        return xml(res, 405, '<Error><Code>MethodNotAllowed</Code></Error>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
