import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NavHistoryPointSchema } from './entities/history.ts';
import { PageQuerySchema, pagedListSchema } from './paged-list.ts';

describe('pagedListSchema (product §3: count, next, previous, results)', () => {
  const NavPage = pagedListSchema(NavHistoryPointSchema);

  it('accepts a middle page with absolute neighbour URLs', () => {
    const page = {
      count: 120,
      next: 'https://ballast.example/api/portfolios/x/nav/history?limit=50&offset=100',
      previous: 'https://ballast.example/api/portfolios/x/nav/history?limit=50&offset=0',
      results: [{ report_date: '2025-01-31', nav: 512_345.67 }],
    };
    expect(NavPage.parse(page)).toEqual(page);
  });

  it('has null neighbours at the ends', () => {
    expect(NavPage.safeParse({ count: 0, next: null, previous: null, results: [] }).success).toBe(
      true,
    );
  });

  it('checks the items and the links', () => {
    const bad = NavPage.safeParse({
      count: 1,
      next: 'page 2',
      previous: null,
      results: [{ report_date: 'yesterday', nav: 1 }],
    });
    expect(bad.error?.issues.map((issue) => issue.path)).toEqual([
      ['next'],
      ['results', 0, 'report_date'],
    ]);
  });

  it('types results after the item schema', () => {
    const page: z.infer<typeof NavPage> = { count: 0, next: null, previous: null, results: [] };
    expect(page.results).toEqual([]);
  });
});

describe('PageQuerySchema', () => {
  it('defaults to 50 from the start', () => {
    expect(PageQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
  });

  it('reads query-string numbers and caps the limit at 500', () => {
    expect(PageQuerySchema.parse({ limit: '500', offset: '50' })).toEqual({
      limit: 500,
      offset: 50,
    });
    expect(PageQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });
});
