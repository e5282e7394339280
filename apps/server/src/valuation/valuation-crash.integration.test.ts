import {
  businessDaysFrom,
  type PortfolioRef,
  runValuation,
  type ValuationEngine,
} from '@ballast/api';
import { makeTaxData, makeTokenStrategyInput } from '@ballast/contract/testing';
import { type Db, schema } from '@ballast/db';
import { type MarketDay, type MarketHistory, parseIsoDate } from '@ballast/engine';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';
import { valuationRecords } from './valuation-records.ts';

const INCEPTION = '2026-03-02';
const FAULT_DAY = '2026-04-14';
const THROUGH = '2026-04-30';

/**
 * The engine with a market whose benchmark fails once on `day`: the first portfolio to value
 * that day fails after its ledger rows, book and flows are written and before its report is,
 * the way a crash in the middle of a day would.
 */
function failingOnce(engine: ValuationEngine, day: string): ValuationEngine {
  const target = parseIsoDate(day);
  let failed = false;
  const market = new Proxy(engine.market, {
    get(history, property) {
      if (property !== 'on') return Reflect.get(history, property, history);
      return (on: number): MarketDay => {
        const marketDay = history.on(on);
        if (on !== target || failed) return marketDay;
        return new Proxy(marketDay, {
          get(inner, name) {
            if (name !== 'benchmark') return Reflect.get(inner, name, inner);
            return () => {
              failed = true;
              throw new Error('The benchmark feed dropped the connection');
            };
          },
        });
      };
    },
  }) satisfies MarketHistory;
  return { ...engine, market };
}

/** Three accounts, each with a deposit whose money moves on the day the fault strikes. */
async function openAccounts(fixture: ValuationFixture): Promise<PortfolioRef[]> {
  const refs = [
    await fixture.open(investableBondStrategy(), INCEPTION),
    await fixture.open(makeTokenStrategyInput(), INCEPTION),
    await fixture.open(
      {
        ...investableBondStrategy(),
        tax_data: makeTaxData({ initial_investment_amount: 750_000 }),
      },
      INCEPTION,
    ),
  ];
  for (const ref of refs) {
    await fixture.complete(ref, 'REQUEST-DEPOSIT', { cash: 20_000 }, FAULT_DAY);
  }
  return refs;
}

/** Each portfolio's book, reports, ledger and flows agree on the days it was valued. */
async function valuedThroughOf(db: Db, ref: PortfolioRef) {
  const [book] = await db
    .select({ valuedThrough: schema.portfolioBooks.valuedThrough })
    .from(schema.portfolioBooks)
    .where(eq(schema.portfolioBooks.portfolioId, ref.portfolioId));
  const reports = await db
    .select({ date: schema.holdingReports.reportDate })
    .from(schema.holdingReports)
    .where(eq(schema.holdingReports.portfolioId, ref.portfolioId));
  const [ledger] = await db
    .select({ last: sql<string | null>`max(${schema.ledgerEntries.entryDate})::text` })
    .from(schema.ledgerEntries)
    .where(eq(schema.ledgerEntries.portfolioId, ref.portfolioId));
  const flows = await db
    .select({
      valuedOn: schema.cashMovements.valuedOn,
      occurredOn: schema.cashMovements.occurredOn,
    })
    .from(schema.cashMovements)
    .where(eq(schema.cashMovements.portfolioId, ref.portfolioId));
  const through = book?.valuedThrough ?? null;
  expect(reports.map((row) => row.date).sort()).toEqual(
    through ? businessDaysFrom(INCEPTION, through) : [],
  );
  expect((ledger?.last ?? '') <= (through ?? '')).toBe(true);
  for (const flow of flows) {
    // A flow is taken in by the first day valued on or after it moved, and only by a valued day.
    expect(flow.valuedOn).toBe(through && flow.occurredOn <= through ? flow.occurredOn : null);
  }
  return through;
}

describe('a valuation run that fails halfway (decision 024)', () => {
  let faulted: ValuationFixture;
  let clean: ValuationFixture;
  beforeAll(async () => {
    faulted = await createValuationFixture(THROUGH);
    clean = await createValuationFixture(THROUGH);
  }, 120_000);
  afterAll(async () => {
    await faulted?.dispose();
    await clean?.dispose();
  });

  it('leaves each portfolio-day valued fully or not at all, and resumes to the uninterrupted result', async () => {
    const refs = await openAccounts(faulted);
    const { db } = faulted.database;
    const broken = await runValuation(
      db,
      failingOnce(faulted.engine, FAULT_DAY),
      { through: THROUGH },
      { stores: faulted.stores },
    );
    expect(broken.failures).toHaveLength(1);
    const [failure] = broken.failures;
    expect(failure).toMatchObject({
      date: FAULT_DAY,
      error: 'Error: The benchmark feed dropped the connection',
    });
    const days = businessDaysFrom(INCEPTION, THROUGH).length;
    const daysBeforeFault = businessDaysFrom(INCEPTION, '2026-04-13').length;
    expect(broken.valued).toBe(2 * days + daysBeforeFault);
    for (const ref of refs) {
      const through = await valuedThroughOf(db, ref);
      expect(through).toBe(ref.portfolioId === failure?.portfolioId ? '2026-04-13' : THROUGH);
    }
    const stored = await db.select().from(schema.valuationFailures);
    expect(stored).toEqual([
      expect.objectContaining({
        portfolioId: failure?.portfolioId,
        reportDate: FAULT_DAY,
        attempts: 1,
        error: 'Error: The benchmark feed dropped the connection',
      }),
    ]);

    const resumed = await runValuation(
      db,
      faulted.engine,
      { through: THROUGH },
      {
        stores: faulted.stores,
      },
    );
    expect(resumed).toEqual({
      portfolios: 1,
      valued: businessDaysFrom(FAULT_DAY, THROUGH).length,
      failures: [],
    });
    for (const ref of refs) expect(await valuedThroughOf(db, ref)).toBe(THROUGH);
    expect(await db.select().from(schema.valuationFailures)).toEqual([]);

    const cleanRefs = await openAccounts(clean);
    const uninterrupted = await runValuation(
      clean.database.db,
      clean.engine,
      { through: THROUGH },
      { stores: clean.stores },
    );
    expect(uninterrupted).toEqual({ portfolios: 3, valued: 3 * days, failures: [] });
    expect(await valuationRecords(db, refs)).toEqual(
      await valuationRecords(clean.database.db, cleanRefs),
    );
  }, 600_000);
});
