import { PAGE_LIMIT_MAX, type PagedList } from '@ballast/contract';

/**
 * Every item of a paged list, read in pages of the largest size the api allows. A series of
 * several years is a few pages; the count of the first page bounds the loop, so a list that
 * grows meanwhile cannot keep it going.
 */
export async function fetchAllPages<Item>(
  fetchPage: (page: { limit: number; offset: number }) => Promise<PagedList<Item>>,
): Promise<Item[]> {
  const first = await fetchPage({ limit: PAGE_LIMIT_MAX, offset: 0 });
  const items = [...first.results];
  while (items.length < first.count) {
    const page = await fetchPage({ limit: PAGE_LIMIT_MAX, offset: items.length });
    if (page.results.length === 0) break;
    items.push(...page.results);
  }
  return items;
}
