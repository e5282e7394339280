import { runValuation } from '@ballast/api';
import { makeTokenStrategyInput } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';

const THROUGH = '2026-04-30';
/** Do-not-trade is set after the close of Friday 13 March, before the week's next rebalancing. */
const SET_AFTER = '2026-03-13';

describe('do-not-trade (SPEC 12.10)', () => {
  let fixture: ValuationFixture;
  beforeAll(async () => {
    fixture = await createValuationFixture(THROUGH);
  }, 120_000);
  afterAll(() => fixture?.dispose());

  it('stops every purchase and sale of a DNBS account while income still arrives, and says what it stopped', async () => {
    const { database, engine } = fixture;
    const { db } = database;
    const base = makeTokenStrategyInput();
    const token = await fixture.open(
      { ...base, strategy: { ...base.strategy, recalculation_frequency: 'WEEKLY' } },
      '2026-03-02',
    );
    const bond = await fixture.open(investableBondStrategy(), '2026-03-02');
    expect((await runValuation(db, engine, { through: SET_AFTER })).failures).toEqual([]);
    const trades = (ref: { portfolioId: string }, after: string, through: string) =>
      db
        .select({ date: schema.ledgerEntries.entryDate, kind: schema.ledgerEntries.kind })
        .from(schema.ledgerEntries)
        .where(
          and(
            eq(schema.ledgerEntries.portfolioId, ref.portfolioId),
            inArray(schema.ledgerEntries.kind, ['BUY', 'SELL']),
            gt(schema.ledgerEntries.entryDate, after),
            lte(schema.ledgerEntries.entryDate, through),
          ),
        );
    // The weekly strategy rebalanced on Monday 9 March, so its trades were there to stop.
    expect(await trades(token, '2026-03-02', SET_AFTER)).not.toEqual([]);

    for (const ref of [token, bond]) {
      await fixture.complete(
        ref,
        'SET-USER-DNT',
        { set_user_dnt: true, user_dnt: 'DNBS' },
        SET_AFTER,
      );
    }
    expect((await runValuation(db, engine, { through: THROUGH })).failures).toEqual([]);

    for (const ref of [token, bond]) expect(await trades(ref, SET_AFTER, THROUGH)).toEqual([]);
    const incomeAfter = await db
      .select({ portfolioId: schema.ledgerEntries.portfolioId, kind: schema.ledgerEntries.kind })
      .from(schema.ledgerEntries)
      .where(
        and(
          inArray(schema.ledgerEntries.portfolioId, [token.portfolioId, bond.portfolioId]),
          eq(schema.ledgerEntries.reason, 'INCOME'),
          gt(schema.ledgerEntries.entryDate, SET_AFTER),
        ),
      );
    const kindsOf = (portfolioId: string) =>
      new Set(incomeAfter.filter((row) => row.portfolioId === portfolioId).map((row) => row.kind));
    // The tokens stake (the strategy's staking option) and the bonds pay coupons over seven weeks.
    expect(kindsOf(token.portfolioId)).toContain('STAKING_REWARD');
    expect(kindsOf(bond.portfolioId)).toContain('COUPON');

    const said = await db
      .select({ date: schema.holdingReports.reportDate, blocked: schema.holdingReports.dntBlocked })
      .from(schema.holdingReports)
      .where(
        and(
          eq(schema.holdingReports.portfolioId, token.portfolioId),
          gt(schema.holdingReports.reportDate, SET_AFTER),
        ),
      );
    // Monday 16 March is the first rebalancing day after the setting.
    expect(said.find((report) => report.date === '2026-03-16')?.blocked).toContainEqual(
      expect.stringMatching(
        /^Rebalancing (purchases|sales) of \$[\d,]+\.\d\d were not made: the account is set to do not buy or sell \(DNBS\)\.$/,
      ),
    );
    for (const report of said) {
      for (const sentence of report.blocked ?? []) expect(sentence).toMatch(/\(DNBS\)\.$/);
    }
  }, 300_000);
});
