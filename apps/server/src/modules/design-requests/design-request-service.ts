import crypto from 'node:crypto';
import {
  designHoneypotField,
  designRequestTexts,
  type DesignRequestKind,
  type DesignRequestStatus,
  type DesignRequestSummary,
  type DesignUploadField,
} from '@cardstack/shared/design-requests/schemas';
import type { z } from 'zod';
import type { customDesignInput, quoteInput } from '@cardstack/shared/design-requests/schemas';
import type { AnyConnection } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { MailOutbox } from '../mail/mail-module';
import type { FileStorage } from '../storage/storage-module';
import * as repository from './design-request-repository';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';

export interface DesignRequestsDeps {
  db: AnyConnection;
  storage: FileStorage;
  /** Who is told of each new request: the operators' addresses. */
  operatorEmails: () => Promise<string[]>;
  outbox: MailOutbox;
}

/** Stored under design-requests/{id}/, outside every public folder: only the console serves them. */
export const designRequestFolder = 'design-requests';

export interface UploadedFile {
  field: DesignUploadField;
  fileName: string;
  body: Buffer;
}

const extensions = { png: 'png', jpeg: 'jpg', svg: 'svg', pdf: 'pdf' } as const;

/** What the bytes are (never what the name or the browser claims): PNG, JPEG, SVG or PDF, else null. */
export function detectDesignFileType(body: Buffer): keyof typeof extensions | null {
  if (body.length === 0) return null;
  if (body.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'jpeg';
  const head = body.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if ((head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--')) && /<svg[\s>]/.test(body.toString('utf8'))) return 'svg';
  return null;
}

/** Checks every upload before anything is stored: a wrong one refuses the whole form. */
function checkUploads(files: readonly UploadedFile[]): void {
  const fields: Record<string, KeyedMessage> = {};
  for (const file of files) if (!detectDesignFileType(file.body)) fields[file.field] = keyed('designBadUpload');
  if (Object.keys(fields).length > 0) throw badRequest(keyed('designBadUpload'), fields);
}

type CustomDesign = z.output<typeof customDesignInput>;
type Quote = z.output<typeof quoteInput>;

/**
 * Stores a request with its files and mails the operators, in one transaction (the mail is queued with the
 * row). A filled honeypot gets the same thank-you and nothing is kept. Files are written first; if the row
 * cannot be written they are removed again.
 */
export async function submitDesignRequest(
  deps: DesignRequestsDeps,
  request: { kind: 'custom-design'; input: CustomDesign } | { kind: 'quote'; input: Quote },
  files: readonly UploadedFile[],
): Promise<string> {
  if (request.input[designHoneypotField] !== '') return designRequestTexts.sent;
  checkUploads(files);
  const id = crypto.randomUUID();
  const stored: repository.StoredFile[] = [];
  for (const file of files) {
    const type = detectDesignFileType(file.body)!;
    const key = `${designRequestFolder}/${id}/${file.field}.${extensions[type]}`;
    const contentType = type === 'svg' ? 'image/svg+xml' : type === 'pdf' ? 'application/pdf' : `image/${type}`;
    await deps.storage.put(key, file.body, contentType);
    const name = file.fileName.replace(/[\r\n"\\/]/g, '').slice(0, 120) || `${file.field}.${extensions[type]}`;
    stored.push({ field: file.field, name, key });
  }
  const { input } = request;
  const details: Record<string, string | number> =
    request.kind === 'custom-design'
      ? { quantity: request.input.quantity, material: request.input.material, finish: request.input.finish }
      : { cardCount: request.input.cardCount };
  const row: repository.DesignRequestRow = {
    id,
    kind: request.kind,
    status: 'new',
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company,
    notes: input.notes,
    details,
    files: stored,
    createdAt: new Date().toISOString(),
  };
  try {
    const recipients = await deps.operatorEmails();
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      await repository.insertDesignRequest(trx, row);
      for (const to of recipients) {
        await deps.outbox.enqueue(trx, { to, template: 'design-request', data: { requestId: id, kind: request.kind, request: mailFields(row), fileCount: stored.length } });
      }
    });
  } catch (error) {
    await deps.storage.deletePrefix(`${designRequestFolder}/${id}/`).catch(() => undefined);
    throw error;
  }
  return designRequestTexts.sent;
}

/** The request as the operators' mail shows it (labelled, and materials named, in each operator's language). */
function mailFields(row: repository.DesignRequestRow) {
  const details =
    row.kind === 'custom-design'
      ? { quantity: Number(row.details.quantity), material: String(row.details.material), finish: String(row.details.finish) }
      : { cardCount: Number(row.details.cardCount) };
  return { name: row.name, email: row.email, phone: row.phone, company: row.company, notes: row.notes, ...details };
}

export function toDesignRequestSummary(row: repository.DesignRequestRow): DesignRequestSummary {
  // The stored files' keys stay on the server: the console opens a file through its own route.
  return { ...row, files: row.files.map((file) => ({ field: file.field, name: file.name, url: `/api/admin/requests/${row.id}/files/${file.field}` })) };
}

// ---- For the operator console -------------------------------------------------------------------------------

export async function listDesignRequests(db: AnyConnection, status?: DesignRequestStatus): Promise<DesignRequestSummary[]> {
  return (await repository.listDesignRequests(db, status, 500)).map(toDesignRequestSummary);
}

/** Changes a request's status; returns the status before and after (for the audit log). */
export async function setDesignRequestStatus(
  db: AnyConnection,
  id: string,
  status: DesignRequestStatus,
): Promise<{ before: DesignRequestStatus; after: DesignRequestStatus; kind: DesignRequestKind }> {
  const found = await repository.findDesignRequest(db, id);
  if (!found) throw notFound(keyed('designRequestNotFound'));
  await repository.updateDesignRequestStatus(db, id, status, new Date().toISOString());
  return { before: found.status, after: status, kind: found.kind };
}

/** The storage key and name of one of a request's files, or null. */
export async function designRequestFile(db: AnyConnection, id: string, field: string): Promise<{ key: string; name: string } | null> {
  const found = await repository.findDesignRequest(db, id);
  const file = found?.files.find((candidate) => candidate.field === field);
  return file ? { key: file.key, name: file.name } : null;
}
