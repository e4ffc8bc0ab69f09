import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

const items = Array.from({ length: 25 }, (_, index) => index + 1);

describe('paginate', () => {
  it.each([
    [1, { page: 1, pageCount: 3, first: 1, count: 10 }],
    [2, { page: 2, pageCount: 3, first: 11, count: 10 }],
    [3, { page: 3, pageCount: 3, first: 21, count: 5 }],
    [9, { page: 3, pageCount: 3, first: 21, count: 5 }],
    [0, { page: 1, pageCount: 3, first: 1, count: 10 }],
    [Number.NaN, { page: 1, pageCount: 3, first: 1, count: 10 }],
    [1.5, { page: 1, pageCount: 3, first: 1, count: 10 }],
  ])('page %s of 25 items in pages of 10', (requested, expected) => {
    const result = paginate(items, requested, 10);
    expect({ page: result.page, pageCount: result.pageCount, first: result.items[0], count: result.items.length }).toEqual(expected);
  });

  it('has one empty page for no items', () => {
    expect(paginate([], 1, 10)).toEqual({ page: 1, pageCount: 1, items: [] });
  });
});
