import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledValuationEngines, type ValuationEngines } from './valuation-engine.ts';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';
import { valueThrough } from './valuation-schedule.ts';

describe('valueThrough', () => {
  let fixture: ValuationFixture;
  beforeAll(async () => {
    fixture = await createValuationFixture('2026-03-06');
  }, 120_000);
  afterAll(() => fixture?.dispose());

  it('builds no market when every portfolio is valued through the day, as on most restarts', async () => {
    const { database, stores } = fixture;
    await fixture.open(investableBondStrategy(), '2026-03-02');
    const asked: string[] = [];
    const engines: ValuationEngines = {
      through(date) {
        asked.push(date);
        return bundledValuationEngines.through(date);
      },
    };

    const first = await valueThrough(database.db, engines, stores, '2026-03-06');
    expect(first.failures).toEqual([]);
    expect(first.valued).toBeGreaterThan(0);
    expect(asked).toEqual(['2026-03-06']);

    const again = await valueThrough(database.db, engines, stores, '2026-03-06');
    expect(again).toEqual({ portfolios: 0, valued: 0, failures: [], through: '2026-03-06' });
    expect(asked).toEqual(['2026-03-06']);
  });
});
