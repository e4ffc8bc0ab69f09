import { describe, expect, it } from 'vitest';
import { currentCursor, firstPage, pageCount, pageNumber, toNextPage, toPreviousPage } from './contact-paging';

describe('contact paging', () => {
  it('walks forward with the server’s cursors and back the same way', () => {
    const second = toNextPage(firstPage, 'c2');
    const third = toNextPage(second, 'c3');
    expect([pageNumber(firstPage), pageNumber(second), pageNumber(third)]).toEqual([1, 2, 3]);
    expect([currentCursor(firstPage), currentCursor(second), currentCursor(third)]).toEqual([null, 'c2', 'c3']);
    expect(toPreviousPage(third)).toEqual(second);
    expect(toPreviousPage(toPreviousPage(second))).toEqual(firstPage);
  });

  it.each([
    [0, 25, 1],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [100_000, 25, 4000],
  ])('%i contacts in pages of %i make %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});
