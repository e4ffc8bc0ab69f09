/*
 * Server-side pages with keyset cursors: the server hands out the cursor of the next page, so the way back is a
 * stack of the cursors used so far. Page n is loaded with cursors[n - 1]; the first page needs none.
 */

export interface Paging {
  cursors: readonly (string | null)[];
}

export const firstPage: Paging = { cursors: [null] };

export function currentCursor(paging: Paging): string | null {
  return paging.cursors.at(-1) ?? null;
}

export function pageNumber(paging: Paging): number {
  return paging.cursors.length;
}

export function toNextPage(paging: Paging, nextCursor: string): Paging {
  return { cursors: [...paging.cursors, nextCursor] };
}

export function toPreviousPage(paging: Paging): Paging {
  return paging.cursors.length <= 1 ? paging : { cursors: paging.cursors.slice(0, -1) };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
