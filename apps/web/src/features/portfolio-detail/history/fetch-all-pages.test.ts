import { PAGE_LIMIT_MAX, type PagedList } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { fetchAllPages } from './fetch-all-pages.ts';

function pagesOf(total: number, shrinkTo?: number) {
  const asked: { limit: number; offset: number }[] = [];
  const fetchPage = async (page: { limit: number; offset: number }): Promise<PagedList<number>> => {
    asked.push(page);
    const available = asked.length > 1 && shrinkTo !== undefined ? shrinkTo : total;
    const results = Array.from(
      { length: Math.max(0, Math.min(page.limit, available - page.offset)) },
      (_, index) => page.offset + index,
    );
    return { count: available, next: null, previous: null, results };
  };
  return { asked, fetchPage };
}

describe('fetchAllPages', () => {
  it('reads one page when everything fits', async () => {
    const { asked, fetchPage } = pagesOf(30);
    expect(await fetchAllPages(fetchPage)).toHaveLength(30);
    expect(asked).toEqual([{ limit: PAGE_LIMIT_MAX, offset: 0 }]);
  });

  it('reads on until the count is reached, in order', async () => {
    const { asked, fetchPage } = pagesOf(1_200);
    const items = await fetchAllPages(fetchPage);
    expect(items).toEqual(Array.from({ length: 1_200 }, (_, index) => index));
    expect(asked.map((page) => page.offset)).toEqual([0, 500, 1_000]);
  });

  it('stops when the list shrank under it instead of asking forever', async () => {
    const { asked, fetchPage } = pagesOf(700, 400);
    expect(await fetchAllPages(fetchPage)).toHaveLength(500);
    expect(asked).toHaveLength(2);
  });
});
