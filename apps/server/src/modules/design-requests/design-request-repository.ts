import type { Kysely } from 'kysely';
import type { DesignRequestKind, DesignRequestStatus, DesignUploadField } from '@cardstack/shared/design-requests/schemas';
import type { DesignRequestTable, DesignRequestTables } from './design-requests-tables';

type Db = Kysely<DesignRequestTables>;

export interface StoredFile {
  field: DesignUploadField;
  name: string;
  key: string;
}

export interface DesignRequestRow {
  id: string;
  kind: DesignRequestKind;
  status: DesignRequestStatus;
  name: string;
  email: string;
  phone: string;
  company: string;
  notes: string;
  details: Record<string, string | number>;
  files: StoredFile[];
  createdAt: string;
}

/** The columns stored as they are (the JSON ones and the dates differ between a row and its table). */
const fieldsOf = ({ id, kind, status, name, email, phone, company, notes }: DesignRequestRow) => ({ id, kind, status, name, email, phone, company, notes });

export async function insertDesignRequest(db: Db, row: DesignRequestRow): Promise<void> {
  await db
    .insertInto('design_request')
    .values({
      ...fieldsOf(row),
      details: JSON.stringify(row.details),
      files: JSON.stringify(row.files),
      created_at: row.createdAt,
      updated_at: row.createdAt,
    })
    .execute();
}

function toRow(row: Omit<DesignRequestTable, 'updated_at'>): DesignRequestRow {
  return {
    id: row.id,
    kind: row.kind as DesignRequestKind,
    status: row.status as DesignRequestStatus,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    notes: row.notes,
    details: JSON.parse(row.details) as Record<string, string | number>,
    files: JSON.parse(row.files) as StoredFile[],
    createdAt: row.created_at,
  };
}

const columns = ['id', 'kind', 'status', 'name', 'email', 'phone', 'company', 'notes', 'details', 'files', 'created_at'] as const;

export async function listDesignRequests(db: Db, status: DesignRequestStatus | undefined, limit: number): Promise<DesignRequestRow[]> {
  let query = db.selectFrom('design_request').select(columns).orderBy('created_at', 'desc').orderBy('id').limit(limit);
  if (status) query = query.where('status', '=', status);
  return (await query.execute()).map(toRow);
}

export async function findDesignRequest(db: Db, id: string): Promise<DesignRequestRow | null> {
  const row = await db.selectFrom('design_request').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function updateDesignRequestStatus(db: Db, id: string, status: DesignRequestStatus, now: string): Promise<void> {
  await db.updateTable('design_request').set({ status, updated_at: now }).where('id', '=', id).execute();
}

/** Ids of the done and rejected requests last changed before the given time. */
export async function listClosedDesignRequestsBefore(db: Db, before: string): Promise<string[]> {
  const rows = await db.selectFrom('design_request').select('id').where('status', 'in', ['done', 'rejected']).where('updated_at', '<', before).execute();
  return rows.map((row) => row.id);
}

export async function deleteDesignRequest(db: Db, id: string): Promise<void> {
  await db.deleteFrom('design_request').where('id', '=', id).execute();
}
