/** One page of a list split into pages of the given size. Pages count from 1; out-of-range pages clamp. */
export function paginate<T>(items: readonly T[], requestedPage: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const page = Number.isInteger(requestedPage) ? Math.min(Math.max(requestedPage, 1), pageCount) : 1;
  const start = (page - 1) * pageSize;
  return { page, pageCount, items: items.slice(start, start + pageSize) };
}
