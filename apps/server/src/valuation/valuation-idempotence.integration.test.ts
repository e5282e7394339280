import { runValuation, valuePortfolioDay } from '@ballast/api';
import { makeTokenStrategyInput } from '@ballast/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';
import { valuationRecords } from './valuation-records.ts';

const THROUGH = '2026-04-30';
// Weekdays from Monday 2 March 2026 through Thursday 30 April: 22 in March (2-31), 22 in April
// (1-3, four full weeks 6-24, 27-30); holidays are valued like any weekday.
const BUSINESS_DAYS = 44;

describe('valuing a date twice (decision 024)', () => {
  let fixture: ValuationFixture;
  beforeAll(async () => {
    fixture = await createValuationFixture(THROUGH);
  }, 120_000);
  afterAll(() => fixture?.dispose());

  it('writes the same records the second time, and a valued day is left as it is', async () => {
    const { database, engine, stores } = fixture;
    const refs = [
      await fixture.open(investableBondStrategy(), '2026-03-02'),
      await fixture.open(makeTokenStrategyInput(), '2026-03-02'),
    ];
    const first = await runValuation(database.db, engine, { through: THROUGH }, { stores });
    expect(first.failures).toEqual([]);
    expect(first.valued).toBe(2 * BUSINESS_DAYS);
    const once = await valuationRecords(database.db, refs);
    expect(once.reports).toHaveLength(2 * BUSINESS_DAYS);
    // A statement for each month end, 31 March and 30 April, for each account.
    expect(once.documents).toHaveLength(2 * 2);

    const second = await runValuation(database.db, engine, { through: THROUGH }, { stores });
    expect(second).toEqual({ portfolios: 0, valued: 0, failures: [] });
    expect(await valuationRecords(database.db, refs)).toEqual(once);

    const [ref] = refs;
    if (!ref) throw new Error('No portfolio was opened.');
    expect(await valuePortfolioDay(database.db, engine, ref, '2026-04-15')).toBe('already-valued');
    expect(await valuePortfolioDay(database.db, engine, ref, THROUGH)).toBe('already-valued');
    expect(await valuationRecords(database.db, refs)).toEqual(once);
  }, 300_000);
});
