import crypto from 'node:crypto';
import {
  contactImportLimits,
  type ColumnMapping,
  type ContactImportStatus,
  type DuplicateChoice,
  type ImportRefusal,
  type ImportTarget,
  type MapContactImportInput,
  type StartContactImportInput,
} from '@cardstack/shared/contacts/import';
import { contactLimits, type Contact } from '@cardstack/shared/contacts/schemas';
import { keyed, schemaMessage, type KeyedMessage } from '@cardstack/shared/i18n/keyed';
import type { Locale } from '@cardstack/shared/i18n/locales';
import { scannedContactInput, scannerLimits, type ScannedContactValues } from '@cardstack/shared/scanner/schemas';
import type { AnyConnection } from '../../../db/schema';
import { AppError, badRequest, notFound } from '../../../http/errors';
import type { JobQueue, JobRunner } from '../../../jobs/jobs-module';
import { reencodeImage } from '../../storage/storage-module';
import { contactScopeOf, type ContactsCaller, type ContactScope } from '../contact-access';
import * as contacts from '../contact-repository';
import { deleteImages, nowIso, type ContactsDeps } from '../contact-deps';
import { cardImageBox, cardImageKey, mergedChanges } from '../scanned-contacts';
import * as repository from './contact-import-repository';
import type { ImportedContact, ImportRecord } from './imported-contact';
import { mapsAnIdentity } from './csv-contacts';
import { openImportFile, UnreadableFileError, type FileShape } from './import-file';
import { NotUtf8Error, type ImportEncoding } from './text-decoding';

/*
 * Importing contacts from a file, in three steps, each its own request or job:
 * 1. The upload is stored and a check is queued (202 with the import's id).
 * 2. The check reads the whole file once: how many contacts it holds, which lines are refused and why, and how many
 *    match a contact already kept, by email or else by phone. A file that cannot be read as a whole fails here,
 *    and nothing is written. A CSV's columns may be mapped again, which checks again.
 * 3. Started with a choice for each kind of duplicate (skip, merge, keep both), the import reads the file again and
 *    writes its contacts in batches, each in one short transaction with the import's progress, so a lead arriving
 *    meanwhile waits for one batch at most, and a job interrupted halfway carries on after its last batch.
 * Undoing deletes the contacts it created and takes back what its merges added.
 */

export interface ContactImportDeps extends ContactsDeps {
  jobs: JobQueue;
}

export const contactImportJobs = { check: 'contacts.import.check', run: 'contacts.import.run' } as const;

const uploadKey = (importId: string) => `contact-imports/${importId}/upload`;

const importNotFound = () => notFound(keyed('contactImportNotFound'));
const notReady = () => new AppError(409, 'import-not-ready', keyed('importNotReady'));
const notDone = () => new AppError(409, 'import-not-done', keyed('importNotDone'));

/** The import, to the person who made it (anyone else: 404, as if it did not exist). */
async function ownImport(deps: ContactImportDeps, caller: ContactsCaller, importId: string): Promise<repository.ImportRow> {
  const row = await repository.findImport(deps.db, importId);
  if (!row || row.owner_id !== caller.userId) throw importNotFound();
  return row;
}

/** The contacts an import writes into, and matches against: the caller's own, or also the team's. */
function scopeOf(row: Pick<repository.ImportRow, 'owner_id' | 'team_owner_id'>): ContactScope {
  return { ownerId: row.owner_id, teamOwnerIds: row.team_owner_id ? [row.team_owner_id] : [] };
}

export async function uploadContactImport(
  deps: ContactImportDeps,
  caller: ContactsCaller,
  upload: { fileName: string; body: Buffer },
  target: ImportTarget,
): Promise<{ id: string }> {
  if (target === 'team' && !contactScopeOf(caller, 'manage').teamOwnerIds.includes(caller.teamOwnerId)) {
    throw new AppError(403, 'forbidden', keyed('importTeamNotAllowed'));
  }
  const id = crypto.randomUUID();
  const fileKey = uploadKey(id);
  const now = nowIso();
  await deps.storage.put(fileKey, upload.body, 'application/octet-stream');
  try {
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      await repository.insertImport(trx, {
        id,
        owner_id: caller.userId,
        team_owner_id: target === 'team' ? caller.teamOwnerId : null,
        file_name: upload.fileName.slice(0, 200) || 'contacts',
        file_key: fileKey,
        state: 'checking',
        format: null,
        encoding: null,
        columns: '[]',
        mapping: '[]',
        found: 0,
        duplicates_by_email: 0,
        duplicates_by_phone: 0,
        processed: 0,
        created: 0,
        merged: 0,
        skipped: 0,
        refused: 0,
        refusals: '[]',
        error: null,
        on_email_match: null,
        on_phone_match: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      });
      await deps.jobs.enqueue(trx, contactImportJobs.check, { importId: id });
    });
  } catch (error) {
    await deleteImages(deps, [fileKey]);
    throw error;
  }
  return { id };
}

export async function getContactImport(deps: ContactImportDeps, caller: ContactsCaller, importId: string, locale: Locale): Promise<ContactImportStatus> {
  return repository.statusOf(await ownImport(deps, caller, importId), locale);
}

/** A CSV's columns mapped by the person: checked again with them. */
export async function mapContactImport(deps: ContactImportDeps, caller: ContactsCaller, importId: string, input: MapContactImportInput, locale: Locale): Promise<ContactImportStatus> {
  const row = await ownImport(deps, caller, importId);
  if (row.state !== 'ready') throw notReady();
  if (row.format === 'vcard') throw badRequest(keyed('importMappingOnlyForCsv'));
  if (input.mapping.length !== (JSON.parse(row.columns) as string[]).length) throw badRequest(keyed('importMappingLength'), { mapping: keyed('importMappingLength') });
  if (!mapsAnIdentity(input.mapping)) throw badRequest(keyed('importNoNameColumn'), { mapping: keyed('importNoNameColumn') });
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    if (!(await repository.updateImport(trx, importId, { state: 'checking', mapping: JSON.stringify(input.mapping), updated_at: nowIso() }, 'ready'))) throw notReady();
    await deps.jobs.enqueue(trx, contactImportJobs.check, { importId });
  });
  return repository.statusOf((await repository.findImport(deps.db, importId))!, locale);
}

export async function startContactImport(deps: ContactImportDeps, caller: ContactsCaller, importId: string, input: StartContactImportInput, locale: Locale): Promise<ContactImportStatus> {
  await ownImport(deps, caller, importId);
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const changes = { state: 'importing', on_email_match: input.onEmailMatch, on_phone_match: input.onPhoneMatch, updated_at: nowIso() };
    if (!(await repository.updateImport(trx, importId, changes, 'ready'))) throw notReady();
    await deps.jobs.enqueue(trx, contactImportJobs.run, { importId });
  });
  return repository.statusOf((await repository.findImport(deps.db, importId))!, locale);
}

/** A checked import the person does not want: its file and its row go. */
export async function cancelContactImport(deps: ContactImportDeps, caller: ContactsCaller, importId: string): Promise<void> {
  const row = await ownImport(deps, caller, importId);
  if (row.state !== 'ready' && row.state !== 'failed') throw notReady();
  await deps.db.deleteFrom('contact_import').where('id', '=', importId).execute();
  if (row.file_key) await deleteImages(deps, [row.file_key]);
}

// ---- Reading the file -------------------------------------------------------------------------------------

type Refusal = { refusal: KeyedMessage; value?: string };
type CheckedRecord = { line: number; values: ScannedContactValues; photo: Uint8Array | null } | ({ line: number } & Refusal);

/** What the check finds wrong with a contact (the schema's message), and the item of a list it is about. */
function refusalOf(issue: { path: PropertyKey[]; message: string }, contact: ImportedContact): Refusal {
  const [list, index] = issue.path;
  const item = typeof index === 'number' && (list === 'emails' || list === 'phones' || list === 'websites') ? contact[list][index] : undefined;
  return { refusal: schemaMessage(issue.message), ...(item ? { value: item.slice(0, 60) } : {}) };
}

/** A contact from the file checked like one typed in: the lists cut to what a contact keeps, a website given a scheme. */
function checked(contact: ImportedContact): { values: ScannedContactValues } | Refusal {
  const websites = contact.websites.map((url) => (/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`));
  const parsed = scannedContactInput.safeParse({
    name: contact.name.slice(0, contactLimits.name),
    jobTitle: contact.jobTitle.slice(0, contactLimits.jobTitle),
    company: contact.company.slice(0, contactLimits.company),
    emails: contact.emails.slice(0, scannerLimits.listItems),
    phones: contact.phones.slice(0, scannerLimits.listItems),
    websites: websites.slice(0, scannerLimits.listItems),
    socialLinks: [],
    address: contact.address.slice(0, scannerLimits.address),
    notes: contact.notes.slice(0, contactLimits.notes),
  });
  return parsed.success ? { values: parsed.data } : refusalOf(parsed.error.issues[0]!, contact);
}

async function* checkedRecords(records: AsyncIterable<ImportRecord>): AsyncGenerator<CheckedRecord> {
  for await (const record of records) {
    if ('refusal' in record) {
      yield record;
      continue;
    }
    const result = checked(record.contact);
    yield 'refusal' in result ? { line: record.line, ...result } : { line: record.line, values: result.values, photo: record.contact.photo };
  }
}

/** The file's records, read as UTF-8 or, when it is not, as Windows-1252 (once the check knows, straight away). */
async function readFile(
  deps: ContactImportDeps,
  row: repository.ImportRow,
  visit: (shape: FileShape, records: AsyncGenerator<CheckedRecord>) => Promise<void>,
): Promise<void> {
  const open = async () => {
    const stored = row.file_key ? await deps.storage.get(row.file_key) : null;
    if (!stored) throw new UnreadableFileError(keyed('importFileGone'));
    return stored.body;
  };
  const mapping = JSON.parse(row.mapping) as ColumnMapping[];
  const read = async (encoding: ImportEncoding | undefined) => {
    const { shape, records } = await openImportFile(open, { ...(encoding ? { encoding } : {}), ...(mapping.length > 0 ? { mapping } : {}) });
    await visit(shape, checkedRecords(records));
  };
  try {
    await read((row.encoding as ImportEncoding | null) ?? undefined);
  } catch (error) {
    if (!(error instanceof NotUtf8Error)) throw error;
    await read('windows-1252');
  }
}

// ---- Matching ---------------------------------------------------------------------------------------------

const contactMatching = () => import('@cardstack/shared/scanner/duplicates');

/** Who is already kept, by email and by phone key: built once per pass from the scope's contacts, then kept up to date. */
class KeptContacts {
  readonly byEmail = new Map<string, string>();
  readonly byPhone = new Map<string, string>();

  constructor(private readonly phoneKey: (value: string) => string | null) {}

  static async of(db: AnyConnection, scope: ContactScope): Promise<KeptContacts> {
    const kept = new KeptContacts((await contactMatching()).phoneKey);
    for (let afterId = ''; ; ) {
      const page = await contacts.identityPage(db, scope, afterId, 2000);
      for (const contact of page) kept.add(contact.id, [contact.email, ...(contact.scan?.emails ?? [])], [contact.phone, ...(contact.scan?.phones ?? [])]);
      if (page.length < 2000) return kept;
      afterId = page.at(-1)!.id;
    }
  }

  add(id: string, emails: readonly string[], phones: readonly string[]): void {
    for (const email of emails) if (email) this.byEmail.set(email.trim().toLowerCase(), id);
    for (const phone of phones) {
      const key = phone ? this.phoneKey(phone) : null;
      if (key) this.byPhone.set(key, id);
    }
  }

  /** The kept contact this one matches: by email first, else by phone. */
  match(values: Pick<ScannedContactValues, 'emails' | 'phones'>): { id: string; by: 'email' | 'phone' } | null {
    for (const email of values.emails) {
      const id = this.byEmail.get(email.trim().toLowerCase());
      if (id) return { id, by: 'email' };
    }
    for (const phone of values.phones) {
      const key = this.phoneKey(phone);
      const id = key ? this.byPhone.get(key) : undefined;
      if (id) return { id, by: 'phone' };
    }
    return null;
  }
}

// ---- The jobs ---------------------------------------------------------------------------------------------

function pushRefusal(refusals: ImportRefusal[], refusal: ImportRefusal): void {
  if (refusals.length < contactImportLimits.refusalsListed) refusals.push(refusal);
}

/** The check: reads the whole file, counts, and leaves the import ready (or failed, with nothing written). */
export async function checkContactImport(deps: ContactImportDeps, importId: string): Promise<void> {
  const row = await repository.findImport(deps.db, importId);
  if (!row || row.state !== 'checking') return;
  const kept = await KeptContacts.of(deps.db, scopeOf(row));
  const checkedFile: { result?: { shape: FileShape; found: number; byEmail: number; byPhone: number; refused: number; refusals: ImportRefusal[] } } = {};
  try {
    await readFile(deps, row, async (shape, records) => {
      const counts = { shape, found: 0, byEmail: 0, byPhone: 0, refused: 0, refusals: [] as ImportRefusal[] };
      checkedFile.result = counts;
      if (shape.format !== 'vcard' && !mapsAnIdentity(shape.mapping)) return; // the person maps the columns first
      let sequence = 0;
      for await (const record of records) {
        if ('refusal' in record) {
          counts.refused += 1;
          pushRefusal(counts.refusals, { line: record.line, reason: record.refusal, ...(record.value ? { value: record.value } : {}) });
          continue;
        }
        counts.found += 1;
        const match = kept.match(record.values);
        if (match?.by === 'email') counts.byEmail += 1;
        else if (match?.by === 'phone') counts.byPhone += 1;
        // Later rows of the file are matched against earlier ones too, as the import will.
        kept.add(`file:${(sequence += 1)}`, record.values.emails, record.values.phones);
      }
    });
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    await failImport(deps, row, error.keyedMessage);
    return;
  }
  const counts = checkedFile.result;
  if (!counts) return;
  await repository.updateImport(
    deps.db,
    importId,
    {
      state: 'ready',
      format: counts.shape.format,
      encoding: counts.shape.encoding,
      columns: JSON.stringify(counts.shape.columns),
      mapping: JSON.stringify(counts.shape.mapping),
      found: counts.found,
      duplicates_by_email: counts.byEmail,
      duplicates_by_phone: counts.byPhone,
      refused: counts.refused,
      refusals: JSON.stringify(counts.refusals),
      updated_at: nowIso(),
    },
    'checking',
  );
}

async function failImport(deps: ContactImportDeps, row: repository.ImportRow, message: string): Promise<void> {
  const now = nowIso();
  await repository.updateImport(deps.db, row.id, { state: 'failed', error: message, file_key: null, updated_at: now, finished_at: now });
  if (row.file_key) await deleteImages(deps, [row.file_key]);
}

interface Batch {
  line: number;
  values: ScannedContactValues;
  photo: Uint8Array | null;
}

/** The photo of an imported contact, re-encoded like every upload; a photo that cannot be read is left out. */
async function photoOf(photo: Uint8Array | null): Promise<{ body: Buffer; contentType: string } | null> {
  if (!photo) return null;
  try {
    return await reencodeImage(Buffer.from(photo), cardImageBox);
  } catch {
    return null;
  }
}

/** Writes one batch in one transaction with the import's progress; its photos are stored first and removed if it fails. */
async function writeBatch(deps: ContactImportDeps, row: repository.ImportRow, kept: KeptContacts, batch: readonly Batch[], choices: Record<'email' | 'phone', DuplicateChoice>) {
  const scope = scopeOf(row);
  const photos = await Promise.all(batch.map((item) => photoOf(item.photo)));
  const stored: string[] = [];
  const counts = { created: 0, merged: 0, skipped: 0 };
  const { phoneKey } = await contactMatching();
  try {
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      const now = nowIso();
      const created: contacts.NewContact[] = [];
      for (const [index, item] of batch.entries()) {
        const match = kept.match(item.values);
        const choice = match ? choices[match.by] : 'keepBoth';
        const photo = photos[index] ?? null;
        if (match && choice === 'skip') {
          counts.skipped += 1;
          continue;
        }
        if (match && choice === 'merge') {
          // A contact made earlier in this batch is written before it is merged into.
          if (created.some((contact) => contact.id === match.id)) await contacts.insertContacts(trx, created.splice(0));
          const current = await contacts.findContact(trx, scope, match.id);
          if (current) {
            const addsPhoto = photo !== null && !current.contact.scan?.hasImage;
            const imageKey = addsPhoto ? cardImageKey(current.contact.id) : undefined;
            const changes = mergedChanges(current.contact, item.values, addsPhoto, phoneKey);
            await contacts.updateContact(trx, scope, current.contact, { ...changes, ...(imageKey ? { imageKey } : {}) }, now);
            await repository.insertMerge(trx, { importId: row.id, contactId: current.contact.id, before: fieldsOf(current.contact, changes, !!imageKey), after: { ...changes, ...(imageKey ? { imageKey } : {}) } });
            if (photo && imageKey) {
              await deps.storage.put(imageKey, photo.body, photo.contentType);
              stored.push(imageKey);
            }
            kept.add(current.contact.id, item.values.emails, item.values.phones);
            counts.merged += 1;
            continue;
          }
        }
        const id = crypto.randomUUID();
        const imageKey = photo ? cardImageKey(id) : null;
        const [email = '', ...otherEmails] = item.values.emails;
        const [phone = '', ...otherPhones] = item.values.phones;
        const hasExtras = otherEmails.length + otherPhones.length + item.values.websites.length > 0 || item.values.address !== '' || imageKey !== null;
        created.push({
          id,
          ownerId: row.owner_id,
          teamOwnerId: row.team_owner_id,
          cardId: null,
          cardName: null,
          manualAdd: true,
          name: item.values.name,
          email,
          phone,
          company: item.values.company,
          jobTitle: item.values.jobTitle,
          message: '',
          notes: item.values.notes,
          consentText: null,
          consentAt: null,
          createdAt: now,
          scan: hasExtras ? { emails: otherEmails, phones: otherPhones, websites: item.values.websites, socialLinks: [], address: item.values.address, hasImage: imageKey !== null } : null,
          imageKey,
          importId: row.id,
        });
        if (photo && imageKey) {
          await deps.storage.put(imageKey, photo.body, photo.contentType);
          stored.push(imageKey);
        }
        kept.add(id, item.values.emails, item.values.phones);
        counts.created += 1;
      }
      await contacts.insertContacts(trx, created);
      await trx
        .updateTable('contact_import')
        .set((eb) => ({
          processed: eb('processed', '+', batch.length),
          created: eb('created', '+', counts.created),
          merged: eb('merged', '+', counts.merged),
          skipped: eb('skipped', '+', counts.skipped),
          updated_at: now,
        }))
        .where('id', '=', row.id)
        .execute();
    });
  } catch (error) {
    await deleteImages(deps, stored);
    throw error;
  }
}

/** The fields a merge changes, as they were: what undoing puts back. */
function fieldsOf(contact: Contact, changes: contacts.ContactChanges, addsImage: boolean): Record<string, unknown> {
  const before: Record<string, unknown> = Object.fromEntries(Object.keys(changes).map((field) => [field, contact[field as keyof Contact]]));
  if (addsImage) before.imageKey = null;
  return before;
}

/** The import: the file read again, written in batches after the ones a previous attempt finished. */
export async function runContactImport(deps: ContactImportDeps, importId: string): Promise<void> {
  const row = await repository.findImport(deps.db, importId);
  if (!row || row.state !== 'importing') return;
  const choices = { email: (row.on_email_match ?? 'skip') as DuplicateChoice, phone: (row.on_phone_match ?? 'skip') as DuplicateChoice };
  const kept = await KeptContacts.of(deps.db, scopeOf(row));
  let valid = 0;
  try {
    await readFile(deps, row, async (_shape, records) => {
      let batch: Batch[] = [];
      for await (const record of records) {
        if ('refusal' in record) continue;
        valid += 1;
        if (valid <= row.processed) continue; // written by an attempt before this one
        batch.push({ line: record.line, values: record.values, photo: record.photo });
        if (batch.length >= contactImportLimits.batchSize) {
          await writeBatch(deps, row, kept, batch, choices);
          batch = [];
        }
      }
      if (batch.length > 0) await writeBatch(deps, row, kept, batch, choices);
    });
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    await failImport(deps, row, error.keyedMessage);
    return;
  }
  const now = nowIso();
  await repository.updateImport(deps.db, importId, { state: 'done', file_key: null, updated_at: now, finished_at: now }, 'importing');
  if (row.file_key) await deleteImages(deps, [row.file_key]);
}

/**
 * Undo: the contacts the import created are deleted (with their photos), and each merge takes back what it
 * added, field by field, where the field still holds what the import put there (a later edit wins).
 */
export async function undoContactImport(deps: ContactImportDeps, caller: ContactsCaller, importId: string, locale: Locale): Promise<ContactImportStatus> {
  const row = await ownImport(deps, caller, importId);
  if (row.state !== 'done') throw notDone();
  const scope = scopeOf(row);
  const photos: string[] = [];
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    if (!(await repository.updateImport(trx, importId, { state: 'undone', updated_at: nowIso() }, 'done'))) throw notDone();
    for (;;) {
      const created = await repository.createdContacts(trx, importId, 500);
      if (created.length === 0) break;
      photos.push(...created.flatMap((contact) => (contact.imageKey ? [contact.imageKey] : [])));
      await repository.deleteContactsById(trx, created.map((contact) => contact.id));
    }
    for (const merge of await repository.findMerges(trx, importId)) {
      const current = await contacts.findContact(trx, scope, merge.contactId);
      if (!current) continue;
      const restored: Record<string, unknown> = {};
      const now: Record<string, unknown> = { ...current.contact, imageKey: current.contact.scan?.hasImage ? 'kept' : null };
      for (const [field, value] of Object.entries(merge.after)) {
        if (field === 'imageKey') continue;
        if (JSON.stringify(now[field]) === JSON.stringify(value)) restored[field] = merge.before[field];
      }
      if (merge.after.imageKey && 'imageKey' in merge.before) {
        restored.imageKey = null;
        if (restored.scan && typeof restored.scan === 'object') (restored.scan as { hasImage: boolean }).hasImage = false;
        photos.push(String(merge.after.imageKey));
      }
      if (Object.keys(restored).length > 0) await contacts.updateContact(trx, scope, current.contact, restored as contacts.ContactChanges, nowIso());
    }
  });
  await deleteImages(deps, photos);
  return repository.statusOf((await repository.findImport(deps.db, importId))!, locale);
}

export function registerContactImportJobs(runner: JobRunner, deps: ContactImportDeps): void {
  runner.register<{ importId: string }>(contactImportJobs.check, async ({ importId }) => checkContactImport(deps, importId));
  runner.register<{ importId: string }>(contactImportJobs.run, async ({ importId }) => runContactImport(deps, importId));
}
