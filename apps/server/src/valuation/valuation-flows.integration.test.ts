import { type PortfolioRef, runValuation } from '@ballast/api';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';

const cents = (usd: string | null) => Math.round(Number(usd ?? '0') * 100);

async function reportOn(db: Db, ref: PortfolioRef, date: string) {
  const [report] = await db
    .select()
    .from(schema.holdingReports)
    .where(
      and(
        eq(schema.holdingReports.portfolioId, ref.portfolioId),
        eq(schema.holdingReports.reportDate, date),
      ),
    );
  if (!report) throw new Error(`No report on ${date}.`);
  return report;
}

async function flowRowsOn(db: Db, ref: PortfolioRef, date: string) {
  return db
    .select({
      kind: schema.ledgerEntries.kind,
      cash: schema.ledgerEntries.cash,
      actionId: schema.ledgerEntries.actionId,
    })
    .from(schema.ledgerEntries)
    .where(
      and(
        eq(schema.ledgerEntries.portfolioId, ref.portfolioId),
        eq(schema.ledgerEntries.entryDate, date),
        eq(schema.ledgerEntries.reason, 'FLOW'),
      ),
    );
}

async function valuedOnOf(db: Db, actionId: string) {
  const [movement] = await db
    .select({ valuedOn: schema.cashMovements.valuedOn })
    .from(schema.cashMovements)
    .where(eq(schema.cashMovements.actionId, actionId));
  return movement?.valuedOn;
}

describe('deposits and withdrawals operations completes (decision 024)', () => {
  let fixture: ValuationFixture;
  beforeAll(async () => {
    fixture = await createValuationFixture('2026-04-30');
  }, 120_000);
  afterAll(() => fixture?.dispose());

  it('are taken in by the next valued day, each in the ledger under its action, the nav moving by them', async () => {
    const { database, engine } = fixture;
    const { db } = database;
    const ref = await fixture.open(investableBondStrategy(), '2026-03-02');
    const through = async (date: string) =>
      expect((await runValuation(db, engine, { through: date })).failures).toEqual([]);
    await through('2026-04-10');

    // Money that moved on a Saturday is taken in by the Monday after.
    const deposit = await fixture.complete(ref, 'REQUEST-DEPOSIT', { cash: 50_000 }, '2026-04-11');
    expect(await valuedOnOf(db, deposit)).toBeNull();
    await through('2026-04-13');
    const withdrawal = await fixture.complete(
      ref,
      'REQUEST-WITHDRAWAL',
      { cash: 30_000 },
      '2026-04-14',
    );
    await through('2026-04-30');

    const depositDay = await reportOn(db, ref, '2026-04-13');
    expect([depositDay.depositUsd, depositDay.withdrawUsd]).toEqual(['50000.00', '0.00']);
    expect(await flowRowsOn(db, ref, '2026-04-13')).toEqual([
      { kind: 'DEPOSIT', cash: '50000.00', actionId: deposit },
    ]);
    expect(await valuedOnOf(db, deposit)).toBe('2026-04-13');

    const withdrawalDay = await reportOn(db, ref, '2026-04-14');
    expect([withdrawalDay.depositUsd, withdrawalDay.withdrawUsd]).toEqual(['0.00', '30000.00']);
    expect(await flowRowsOn(db, ref, '2026-04-14')).toEqual([
      { kind: 'WITHDRAWAL', cash: '-30000.00', actionId: withdrawal },
    ]);
    expect(await valuedOnOf(db, withdrawal)).toBe('2026-04-14');
    // Net flows since inception: the initial 500,000 + 50,000 − 30,000.
    expect(withdrawalDay.netFlowsToDate).toBe('520000.00');

    // SPEC 12.13, every day from the stored columns: nav − last nav = deposits − withdrawals +
    // income + realised price change + (unrealised − last unrealised) − fees, to the cent. The
    // day before the first held nothing.
    const reports = await db
      .select()
      .from(schema.holdingReports)
      .where(eq(schema.holdingReports.portfolioId, ref.portfolioId))
      .orderBy(asc(schema.holdingReports.reportDate));
    expect(reports).toHaveLength(44);
    let last = { nav: 0, unrealized: 0 };
    for (const day of reports) {
      const moved =
        cents(day.depositUsd) -
        cents(day.withdrawUsd) +
        cents(day.income) +
        cents(day.realizedPriceChange) +
        (cents(day.unrealized) - last.unrealized) -
        cents(day.fees);
      expect({ date: day.reportDate, change: cents(day.nav) - last.nav }).toEqual({
        date: day.reportDate,
        change: moved,
      });
      last = { nav: cents(day.nav), unrealized: cents(day.unrealized) };
    }
    expect(cents(reports[0]?.depositUsd ?? null)).toBe(50_000_000);
  }, 300_000);
});
