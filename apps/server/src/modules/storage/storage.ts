import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { privateDirMode } from '../../data-dir';

/**
 * Where uploaded and generated files live. Keys are slash-separated paths such as
 * `images/{cardId}/{name}.webp`; the first segment is the folder (images, files, appleWallets, vcf-files, avatars,
 * contact-cards, design-requests, account-exports, account-imports).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when the key does not exist. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes every key under the prefix (a folder such as `images/{cardId}/`). */
  deletePrefix(prefix: string): Promise<void>;
  copy(fromKey: string, toKey: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
}

const safeKey = /^[a-zA-Z0-9_-]+(\/[a-zA-Z0-9_.-]+)*\/?$/;

export function assertSafeKey(key: string): void {
  if (!safeKey.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.vcf': 'text/vcard; charset=utf-8',
  '.pkpass': 'application/vnd.apple.pkpass',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export function contentTypeFor(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Files on local disk under one root folder (DATA_DIR/files by default). */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: privateDirMode });
      // Write then rename so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    },
    async get(key) {
      const file = resolve(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { body: createReadStream(file), contentType: contentTypeFor(key), size: stat.size };
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await fs.stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.rm(resolve(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    async copy(fromKey, toKey) {
      const target = resolve(toKey);
      await fs.mkdir(path.dirname(target), { recursive: true, mode: privateDirMode });
      await fs.copyFile(resolve(fromKey), target);
    },
    async list(prefix) {
      const base = resolve(prefix.replace(/\/$/, ''));
      const found: string[] = [];
      async function walk(directory: string): Promise<void> {
        let entries;
        try {
          entries = await fs.readdir(directory, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          const full = path.join(directory, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (!entry.name.endsWith('.tmp')) found.push(path.relative(root, full).split(path.sep).join('/'));
        }
      }
      await walk(base);
      return found.sort();
    },
  };
}
