import { z } from 'zod';

/** Downloadable files on a card: limits the editor shows and the server enforces. */
export const maxDownloadableFileBytes = 10 * 1024 * 1024;
export const maxDownloadableFilesPerCard = 20;

/** The kinds of file a card may offer, checked by content on the server (never by the name). */
export const downloadableFileKinds = ['pdf', 'png', 'jpeg', 'webp', 'docx', 'xlsx', 'pptx', 'txt', 'csv'] as const;
export type DownloadableFileKind = (typeof downloadableFileKinds)[number];

/** For the file picker's `accept` attribute. */
export const downloadableFileAccept = '.pdf,.png,.jpg,.jpeg,.webp,.docx,.xlsx,.pptx,.txt,.csv';

export const fileMessages = {
  tooLarge: 'The file is larger than 10 MB.',
  notAllowed: 'This type of file cannot be added. Upload a PDF, PNG, JPEG, WebP, Word, Excel, PowerPoint, text or CSV file.',
  tooMany: `A card can have at most ${maxDownloadableFilesPerCard} files.`,
  missing: 'Choose a file to upload.',
} as const;

/** A stored downloadable file. `name` is the uploader's file name, kept only as display text. */
export const downloadableFile = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type DownloadableFile = z.infer<typeof downloadableFile>;

/**
 * The display name kept from an upload: no folders, no control characters, at most 200 characters, and the
 * extension of the type detected from the file's bytes in place of whatever the uploader's name ended with
 * ("invoice.pdf.html" that is really a PDF downloads as "invoice.pdf.pdf", never as a page).
 */
export function toDisplayFileName(original: string | undefined, extension: string): string {
  const base = (original ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return withExtension(cleaned === '.' || cleaned === '..' ? '' : cleaned, extension);
}

/** `name` with its own extension (if any) replaced by `extension`; "file" when nothing of the name is left. */
export function withExtension(name: string, extension: string): string {
  const stem = name.replace(/\.[^.\s]{1,16}$/, '').replace(/[.\s]+$/, '').slice(0, 190);
  return `${stem || 'file'}.${extension}`;
}
