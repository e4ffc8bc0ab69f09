import type { ContactSort } from '@cardstack/shared/contacts/schemas';

/**
 * Keyset pagination: a page ends at a row, and the next page starts strictly after that row in the list's
 * order, (created_at, id) or (sort_name, id). Unlike an offset, new contacts arriving meanwhile neither repeat
 * nor skip a row. The cursor is opaque to the browser (base64url JSON) and names its sort so it cannot be
 * replayed against another order.
 */
export interface ContactCursor {
  sort: ContactSort;
  /** created_at for newest/oldest, sort_name for name. */
  value: string;
  id: string;
}

export function encodeCursor(cursor: ContactCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id]), 'utf8').toString('base64url');
}

/** The cursor, or null when it is not one of ours or was made for another sort. */
export function decodeCursor(text: string, sort: ContactSort): ContactCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [cursorSort, value, id] = parsed as unknown[];
    if (cursorSort !== sort || typeof value !== 'string' || typeof id !== 'string') return null;
    return { sort, value, id };
  } catch {
    return null;
  }
}
