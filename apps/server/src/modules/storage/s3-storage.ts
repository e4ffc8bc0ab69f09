import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeFor, type FileStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, …); unset for AWS. */
  endpoint?: string | undefined;
  /** Without keys the SDK's default chain applies (environment, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted services need. */
  forcePathStyle?: boolean;
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket, under the same keys the local storage uses. The SDK (about 20 MB of
 * memory) is loaded only when S3 is configured, hence the async factory.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<FileStorage> {
  const s3 = await import('@aws-sdk/client-s3');
  const client: S3Client = new s3.S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Only the checksums S3 requires: several S3-compatible services reject the newer optional ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        // The content type comes from our own table, like the local storage: never from what was stored.
        return { body: object.Body as Readable, contentType: contentTypeFor(key), size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
      assertSafeKey(folder);
      const keys = await listKeys(folder);
      // DeleteObjects takes at most 1000 keys a call.
      for (let start = 0; start < keys.length; start += 1000) {
        const batch = keys.slice(start, start + 1000);
        const result = await client.send(
          new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        if (result.Errors?.length) throw new Error(`Could not delete ${result.Errors.length} files under ${folder}`);
      }
    },
    async copy(fromKey, toKey) {
      assertSafeKey(fromKey);
      assertSafeKey(toKey);
      // Safe keys contain only characters that need no encoding in the copy source header.
      await client.send(new s3.CopyObjectCommand({ Bucket, Key: toKey, CopySource: `${Bucket}/${fromKey}` }));
    },
    async list(prefix) {
      const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
      assertSafeKey(folder);
      return listKeys(folder);
    },
  };
}
