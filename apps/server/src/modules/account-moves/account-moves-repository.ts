import type { Kysely } from 'kysely';
import type { AnyConnection } from '../../db/schema';
import type { AccountMoveTables } from './account-moves-tables';

/* The only code that reads or writes a moved account's rows. */

const tablesOf = (connection: AnyConnection): Kysely<AccountMoveTables> => connection;

export interface AccountMoveRow {
  address: string;
  exportId: string;
  movedAt: string;
}

export async function findAccountMove(connection: AnyConnection, userId: string): Promise<AccountMoveRow | null> {
  const row = await tablesOf(connection)
    .selectFrom('account_move')
    .select(['address', 'export_id', 'moved_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { address: row.address, exportId: row.export_id, movedAt: row.moved_at } : null;
}

/** The account's moved cards and where each went. */
export async function listCardMoves(connection: AnyConnection, userId: string): Promise<{ cardId: string; targetUrl: string }[]> {
  const rows = await tablesOf(connection).selectFrom('card_move').select(['card_id', 'target_url']).where('user_id', '=', userId).execute();
  return rows.map((row) => ({ cardId: row.card_id, targetUrl: row.target_url }));
}

/** Where a moved card went; null for a card that did not move. One primary-key read. */
export async function findCardMoveTarget(connection: AnyConnection, cardId: string): Promise<string | null> {
  const row = await tablesOf(connection).selectFrom('card_move').select('target_url').where('card_id', '=', cardId).executeTakeFirst();
  return row?.target_url ?? null;
}

/** Replaces the account's move and its cards' targets (inside the caller's transaction). */
export async function saveAccountMove(
  connection: AnyConnection,
  userId: string,
  move: AccountMoveRow,
  cards: readonly { cardId: string; targetUrl: string }[],
): Promise<void> {
  const db = tablesOf(connection);
  await deleteAccountMove(connection, userId);
  await db.insertInto('account_move').values({ user_id: userId, address: move.address, export_id: move.exportId, moved_at: move.movedAt }).execute();
  for (let start = 0; start < cards.length; start += 200) {
    const values = cards.slice(start, start + 200).map((card) => ({ card_id: card.cardId, user_id: userId, target_url: card.targetUrl, moved_at: move.movedAt }));
    await db.insertInto('card_move').values(values).execute();
  }
}

/** Forgets the account's move: its cards' addresses serve here again. */
export async function deleteAccountMove(connection: AnyConnection, userId: string): Promise<void> {
  const db = tablesOf(connection);
  await db.deleteFrom('card_move').where('user_id', '=', userId).execute();
  await db.deleteFrom('account_move').where('user_id', '=', userId).execute();
}
