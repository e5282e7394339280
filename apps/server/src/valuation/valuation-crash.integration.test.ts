import { businessDaysFrom, type PortfolioRef, runValuation } from '@ballast/api';
import { makeTaxData, makeTokenStrategyInput } from '@ballast/contract/testing';
import { type Db, schema } from '@ballast/db';
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

const FAULT = 'The disk holding the ledger is full';

/**
 * A fault inside the statement that writes a day: the first report of `day` to be inserted
 * raises an error after that portfolio's book, ledger rows and flows were written by the same
 * statement, the way a crash in the middle of writing a day would. A sequence counts the
 * attempts, since it is the one thing a failed transaction does not roll back.
 */
async function failOnceWhileWriting(db: Db, day: string): Promise<void> {
  await db.execute(sql`create sequence valuation_fault_attempts`);
  await db.execute(
    sql.raw(`create function valuation_fault() returns trigger language plpgsql as $$
      begin
        if new.report_date = '${day}' and nextval('valuation_fault_attempts') = 1 then
          raise exception '${FAULT}';
        end if;
        return new;
      end $$`),
  );
  await db.execute(sql`create trigger valuation_fault after insert on holding_reports
    for each row execute function valuation_fault()`);
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
    await failOnceWhileWriting(db, FAULT_DAY);
    const broken = await runValuation(
      db,
      faulted.engine,
      { through: THROUGH },
      { stores: faulted.stores },
    );
    expect(broken.failures).toHaveLength(1);
    const [failure] = broken.failures;
    expect(failure).toMatchObject({ date: FAULT_DAY, error: expect.stringContaining(FAULT) });
    // The database's reason alone: never the statement and the values it carried.
    expect(failure?.error).not.toContain('insert');
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
        error: failure?.error,
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
