import { z } from 'zod';
import { accountExportIdSchema } from './account-moves';

/*
 * "Download my data" and "Import from another server": the account archive's routes, its manifest, and the limits
 * an uploaded archive must keep before anything of it is read (docs/moving-an-account.md). The archive's format is
 * versioned by `accountArchiveFormat`; a server refuses a version it does not know.
 */

/** The archive format this server writes and reads. */
export const accountArchiveFormat = 1;

/** How long a built archive stays downloadable. */
export const accountExportRetentionDays = 7;

/** `manifest.json`, the first file of an archive. */
export const accountArchiveManifest = z.object({
  format: z.literal(accountArchiveFormat),
  /** The public origin of the server that built it (`https://cards.example.com`). */
  source: z.string().url().max(2048),
  /** When it was built (ISO 8601). */
  builtAt: z.string().max(64),
  exportId: accountExportIdSchema,
});
export type AccountArchiveManifest = z.infer<typeof accountArchiveManifest>;

// ---- Downloads ----------------------------------------------------------------------------------------------

export const accountExportStates = ['building', 'ready', 'failed', 'expired'] as const;
export type AccountExportState = (typeof accountExportStates)[number];

export const accountExportParams = z.object({ id: accountExportIdSchema });

/** `POST /api/account/export` → 202. */
export const accountExportCreated = z.object({ id: accountExportIdSchema });

export const accountExportSummary = z.object({
  id: accountExportIdSchema,
  state: z.enum(accountExportStates),
  createdAt: z.string(),
  /** When the archive was built; null while building. */
  readyAt: z.string().nullable(),
  /** When the archive is (or was) deleted; null while building. */
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes once built. */
  size: z.number().int().nullable(),
});
export type AccountExportSummary = z.infer<typeof accountExportSummary>;

/** `GET /api/account/exports`: the account's downloads, newest first. */
export const accountExportsResponse = z.object({ exports: z.array(accountExportSummary) });
export type AccountExportsResponse = z.infer<typeof accountExportsResponse>;

/** Where the browser downloads an archive (its owner's session only). */
export function accountExportDownloadPath(id: string): string {
  return `/api/account/export/${encodeURIComponent(id)}`;
}

// ---- Imports ------------------------------------------------------------------------------------------------

export const accountImportStates = ['queued', 'running', 'done', 'failed'] as const;
export type AccountImportState = (typeof accountImportStates)[number];

/** Why a card of the archive was not created. */
export const accountImportCardRefusals = ['card-limit', 'invalid-card'] as const;

/** What an import did: counts, the cards whose username was taken here, and what it left out. */
export const accountImportReport = z.object({
  cards: z.number().int(),
  files: z.number().int(),
  contacts: z.number().int(),
  leads: z.number().int(),
  insightRows: z.number().int(),
  /** A card whose username another card on this server has: it was created with a generated one. */
  renamed: z.array(z.object({ cardId: z.string(), from: z.string(), to: z.string() })),
  /** Cards not created: beyond the plan's card allowance, or not valid under this server's rules. */
  refusedCards: z.array(z.object({ sourceCardId: z.string(), name: z.string(), reason: z.enum(accountImportCardRefusals) })),
  /** Files left out (a type or size this server does not accept). */
  refusedFiles: z.array(z.object({ sourceCardId: z.string(), path: z.string() })),
  /** Integrations the archive names: they are not moved (their secrets never leave a server). */
  integrations: z.array(z.string()),
});
export type AccountImportReport = z.infer<typeof accountImportReport>;

export const emptyAccountImportReport = (): AccountImportReport => ({
  cards: 0,
  files: 0,
  contacts: 0,
  leads: 0,
  insightRows: 0,
  renamed: [],
  refusedCards: [],
  refusedFiles: [],
  integrations: [],
});

export const accountImportParams = z.object({ id: z.string().min(1).max(64) });

export const accountImportSummary = z.object({
  id: z.string(),
  state: z.enum(accountImportStates),
  fileName: z.string(),
  /** The server the archive came from (its manifest's `source`). */
  source: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  report: accountImportReport.nullable(),
});
export type AccountImportSummary = z.infer<typeof accountImportSummary>;

/** `POST /api/account/import` → 202 with the queued import. */
export const accountImportCreated = z.object({ import: accountImportSummary });

/** `GET /api/account/imports`: the account's imports, newest first. */
export const accountImportsResponse = z.object({ imports: z.array(accountImportSummary) });
export type AccountImportsResponse = z.infer<typeof accountImportsResponse>;

// ---- The limits of an uploaded archive ------------------------------------------------------------------------

export interface ArchiveLimits {
  /** The uploaded file. */
  maxArchiveBytes: number;
  maxEntries: number;
  /** Every entry inflated, added up. */
  maxTotalUncompressedBytes: number;
  /** Inflated ÷ compressed, for an entry large enough to matter (`ratioCheckFromBytes`). */
  maxCompressionRatio: number;
  ratioCheckFromBytes: number;
}

export const accountArchiveLimits: ArchiveLimits = {
  maxArchiveBytes: 64 * 1024 * 1024,
  maxEntries: 5000,
  maxTotalUncompressedBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioCheckFromBytes: 1024 * 1024,
};

/** What an archive's central directory says of one entry (sizes as declared; the reader holds them to it). */
export interface DeclaredEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

export type ArchiveRefusal =
  | { kind: 'too-many-entries' }
  | { kind: 'too-large-uncompressed' }
  | { kind: 'compression-ratio'; name: string }
  | { kind: 'unsafe-path'; name: string }
  | { kind: 'duplicate-path'; name: string };

/**
 * A path inside an archive that a reader may follow: relative, forward slashes, no `..` or `.` segment, no empty
 * segment, no drive letter, no control characters.
 */
export function isSafeArchivePath(name: string): boolean {
  if (name.length === 0 || name.length > 512) return false;
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return false;
  const segments = name.endsWith('/') ? name.slice(0, -1).split('/') : name.split('/');
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The first reason to refuse an archive by its directory alone, or null when its entries keep the limits. */
export function checkArchiveEntries(entries: readonly DeclaredEntry[], limits: ArchiveLimits = accountArchiveLimits): ArchiveRefusal | null {
  if (entries.length > limits.maxEntries) return { kind: 'too-many-entries' };
  const seen = new Set<string>();
  let total = 0;
  for (const entry of entries) {
    if (!isSafeArchivePath(entry.name)) return { kind: 'unsafe-path', name: entry.name };
    if (seen.has(entry.name)) return { kind: 'duplicate-path', name: entry.name };
    seen.add(entry.name);
    total += entry.uncompressedSize;
    if (total > limits.maxTotalUncompressedBytes) return { kind: 'too-large-uncompressed' };
    if (entry.uncompressedSize >= limits.ratioCheckFromBytes && entry.uncompressedSize > Math.max(entry.compressedSize, 1) * limits.maxCompressionRatio) {
      return { kind: 'compression-ratio', name: entry.name };
    }
  }
  return null;
}
