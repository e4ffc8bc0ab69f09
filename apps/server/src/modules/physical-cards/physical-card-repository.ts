import { sql, type Kysely } from 'kysely';
import type { PhysicalCardTables } from './physical-cards-tables';

type Db = Kysely<PhysicalCardTables>;

export interface PreorderRow {
  id: string;
  batchId: string | null;
  productId: string;
  productName: string;
  isActivated: boolean;
  activatedAt: string | null;
  ownerId: string | null;
  cardId: string | null;
  isDeactivated: boolean;
  createdAt: string;
}

const preorderColumns = [
  'id',
  'batch_id',
  'product_id',
  'product_name',
  'activated',
  'activated_at',
  'owner_id',
  'card_id',
  'is_deactivated',
  'created_at',
] as const;

function toPreorder(row: {
  id: string;
  batch_id: string | null;
  product_id: string;
  product_name: string;
  activated: number;
  activated_at: string | null;
  owner_id: string | null;
  card_id: string | null;
  is_deactivated: number;
  created_at: string;
}): PreorderRow {
  return {
    id: row.id,
    batchId: row.batch_id,
    productId: row.product_id,
    productName: row.product_name,
    isActivated: Number(row.activated) === 1,
    activatedAt: row.activated_at,
    ownerId: row.owner_id,
    cardId: row.card_id,
    isDeactivated: Number(row.is_deactivated) === 1,
    createdAt: row.created_at,
  };
}

export async function findPreorder(db: Db, id: string): Promise<PreorderRow | null> {
  const row = await db.selectFrom('preorder').select(preorderColumns).where('id', '=', id).executeTakeFirst();
  return row ? toPreorder(row) : null;
}

export async function insertBatch(
  db: Db,
  batch: { id: string; productId: string; productName: string; ids: readonly string[]; createdBy: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('preorder_batch')
    .values({ id: batch.id, product_id: batch.productId, product_name: batch.productName, count: batch.ids.length, created_by: batch.createdBy, created_at: batch.now })
    .execute();
  // In slices: SQLite takes at most 32766 parameters per statement.
  for (let start = 0; start < batch.ids.length; start += 500) {
    await db
      .insertInto('preorder')
      .values(
        batch.ids.slice(start, start + 500).map((id) => ({
          id,
          batch_id: batch.id,
          product_id: batch.productId,
          product_name: batch.productName,
          activated: 0,
          is_deactivated: 0,
          created_at: batch.now,
          updated_at: batch.now,
        })),
      )
      .execute();
  }
}

/**
 * Marks the pre-order activated for `ownerId` unless it already is: the row's own condition decides between
 * two people activating at once (the second update waits for the first and then matches nothing).
 */
export async function claimPreorder(db: Db, id: string, ownerId: string, now: string, cardId: string = id): Promise<boolean> {
  const result = await db
    .updateTable('preorder')
    .set({ activated: 1, activated_at: now, owner_id: ownerId, card_id: cardId, updated_at: now })
    .where('id', '=', id)
    .where('activated', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listPreordersOfOwner(db: Db, ownerId: string): Promise<PreorderRow[]> {
  const rows = await db.selectFrom('preorder').select(preorderColumns).where('owner_id', '=', ownerId).orderBy('activated_at', 'desc').execute();
  return rows.map(toPreorder);
}

/** Physical cards linked to any of these cards (a team manager sees those of the team's cards). */
export async function listPreordersOfCards(db: Db, cardIds: readonly string[]): Promise<PreorderRow[]> {
  if (cardIds.length === 0) return [];
  const rows = await db.selectFrom('preorder').select(preorderColumns).where('card_id', 'in', cardIds).execute();
  return rows.map(toPreorder);
}

export async function linkPreorder(db: Db, id: string, change: { cardId: string; ownerId: string }, now: string): Promise<void> {
  await db.updateTable('preorder').set({ card_id: change.cardId, owner_id: change.ownerId, updated_at: now }).where('id', '=', id).execute();
}

export async function setPreorderDeactivated(db: Db, id: string, isDeactivated: boolean, now: string): Promise<void> {
  await db.updateTable('preorder').set({ is_deactivated: isDeactivated ? 1 : 0, updated_at: now }).where('id', '=', id).execute();
}

export interface BatchRow {
  id: string;
  productId: string;
  productName: string;
  count: number;
  activatedCount: number;
  createdAt: string;
}

export async function listBatches(db: Db, limit: number): Promise<BatchRow[]> {
  const rows = await db
    .selectFrom('preorder_batch as b')
    .select((eb) => [
      'b.id',
      'b.product_id',
      'b.product_name',
      'b.count',
      'b.created_at',
      eb
        .selectFrom('preorder as p')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('p.batch_id', '=', 'b.id')
        .where('p.activated', '=', 1)
        .as('activated_count'),
    ])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    count: Number(row.count),
    activatedCount: Number(row.activated_count ?? 0),
    createdAt: row.created_at,
  }));
}

export async function findBatch(db: Db, id: string): Promise<BatchRow | null> {
  const rows = await listBatchesWhere(db, id);
  return rows[0] ?? null;
}

async function listBatchesWhere(db: Db, id: string): Promise<BatchRow[]> {
  const batch = await db.selectFrom('preorder_batch').selectAll().where('id', '=', id).executeTakeFirst();
  if (!batch) return [];
  const activated = await db
    .selectFrom('preorder')
    .select(sql<number>`count(*)`.as('n'))
    .where('batch_id', '=', id)
    .where('activated', '=', 1)
    .executeTakeFirst();
  return [
    {
      id: batch.id,
      productId: batch.product_id,
      productName: batch.product_name,
      count: Number(batch.count),
      activatedCount: Number(activated?.n ?? 0),
      createdAt: batch.created_at,
    },
  ];
}

export async function listPreordersOfBatch(db: Db, batchId: string): Promise<PreorderRow[]> {
  const rows = await db.selectFrom('preorder').select(preorderColumns).where('batch_id', '=', batchId).orderBy('id').execute();
  return rows.map(toPreorder);
}
