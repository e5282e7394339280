import { type ReturnBridge, ReturnBridgesSchema } from '@ballast/contract';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordHoldingReport } from '../src/holdings/holding-report.ts';
import { accountSteps } from './support/account-steps.ts';
import { useApi } from './support/api-fixture.ts';
import { makeHoldingReport } from './support/holding-factory.ts';

type Day = {
  date: string;
  nav: string;
  deposit?: string;
  withdraw?: string;
  income?: string;
  fees?: string;
  realized?: string;
  unrealized: string;
  growth: number;
};

/*
 * An account opened on Wednesday 1 April 2026 with 250,000.00. Each day:
 * nav = previous nav + deposit − withdraw + income + realised + Δunrealised − fees.
 *   1 Apr: 0 + 250,000.00 − 25.00 − 120.50 (unrealised 0 → −120.50)                = 249,854.50
 *   2 Apr: 249,854.50 − 1,000.00 + 312.40 + 18.75 + 530.75 (−120.50 → 410.25)      = 249,716.40
 *   3 Apr: 249,716.40 + 5,000.00 − 110.00 (410.25 → 300.25) − 2.10                  = 254,604.30
 * A dollar grew to 0.9994, 1.003 and 1.0025 at those closes.
 */
const APRIL: Day[] = [
  {
    date: '2026-04-01',
    nav: '249854.50',
    deposit: '250000.00',
    fees: '25.00',
    unrealized: '-120.50',
    growth: 0.9994,
  },
  {
    date: '2026-04-02',
    nav: '249716.40',
    withdraw: '1000.00',
    income: '312.40',
    realized: '18.75',
    unrealized: '410.25',
    growth: 1.003,
  },
  {
    date: '2026-04-03',
    nav: '254604.30',
    deposit: '5000.00',
    fees: '2.10',
    unrealized: '300.25',
    growth: 1.0025,
  },
];

/** The lines of a bridge in whole cents, opening to closing. */
function explainedCents(bridge: ReturnBridge): number {
  const cents = (dollars: number) => Math.round(dollars * 100);
  return (
    cents(bridge.opening_value) +
    cents(bridge.deposits) -
    cents(bridge.withdrawals) +
    cents(bridge.income) +
    cents(bridge.realized_price_change) +
    cents(bridge.unrealized_price_change) -
    cents(bridge.fees)
  );
}

describe('GET /portfolios/{id}/returns/bridges', () => {
  const api = useApi();
  const steps = accountSteps(api);

  async function openedOn(inceptionDate: string) {
    const team = await steps.team();
    const id = await steps.openAccount(team.advisor, team.ops);
    await api.database.db
      .update(schema.portfolios)
      .set({ inceptionDate })
      .where(eq(schema.portfolios.id, id));
    return { ...team, id };
  }

  async function insertDays(firmId: string, portfolioId: string, days: readonly Day[]) {
    await api.database.db.insert(schema.holdingReports).values(
      days.map((day) => ({
        firmId,
        portfolioId,
        reportDate: day.date,
        nav: day.nav,
        returns: {},
        numberOfHoldings: 0,
        depositUsd: day.deposit ?? '0',
        withdrawUsd: day.withdraw ?? '0',
        income: day.income ?? '0',
        fees: day.fees ?? '0',
        realizedPriceChange: day.realized ?? '0',
        unrealized: day.unrealized,
        growthIndex: day.growth,
      })),
    );
  }

  it('opens every period of the latest report into lines that add up to the cent', async () => {
    const { firmId, advisor, id } = await openedOn('2026-04-01');
    const none = await api.call(advisor, {
      method: 'GET',
      url: `/portfolios/${id}/returns/bridges`,
    });
    expect(none.statusCode, none.body).toBe(404);
    expect(none.json()).toMatchObject({
      type: 'client_error',
      errors: [{ code: 'not_found', attr: null }],
    });

    await insertDays(firmId, id, APRIL);
    const response = await api.call(advisor, {
      method: 'GET',
      url: `/portfolios/${id}/returns/bridges`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = ReturnBridgesSchema.parse(response.json());
    expect(body.report_date).toBe('2026-04-03');
    // A month and more reach back before the account; the year to date starts at inception.
    expect(body.bridges.map((bridge) => bridge.period)).toEqual(['1d', 'ytd', 'total']);
    const [oneDay, , total] = body.bridges;

    // Deposits 250,000.00 + 5,000.00; fees 25.00 + 2.10; unrealised 300.25 − 0;
    // 0 + 255,000.00 − 1,000.00 + 312.40 + 18.75 + 300.25 − 27.10 = 254,604.30; 1.0025 − 1.
    expect(total).toMatchObject({
      start_date: '2026-03-31',
      end_date: '2026-04-03',
      opening_value: 0,
      deposits: 255_000,
      withdrawals: 1_000,
      income: 312.4,
      realized_price_change: 18.75,
      unrealized_price_change: 300.25,
      fees: 27.1,
      closing_value: 254_604.3,
      annualized: false,
    });
    expect(total?.time_weighted_return_pct).toBeCloseTo(0.25, 10);

    // 249,716.40 + 5,000.00 − 110.00 − 2.10 = 254,604.30; 1.0025 / 1.003 − 1 ≈ −0.049850 %.
    expect(oneDay).toMatchObject({
      start_date: '2026-04-02',
      opening_value: 249_716.4,
      deposits: 5_000,
      withdrawals: 0,
      unrealized_price_change: -110,
      fees: 2.1,
      closing_value: 254_604.3,
    });
    expect(oneDay?.time_weighted_return_pct).toBeCloseTo(-0.04985, 5);
    for (const bridge of body.bridges) {
      expect(explainedCents(bridge), bridge.period).toBe(Math.round(bridge.closing_value * 100));
      expect(bridge.method).toMatch(/^Time-weighted/);
    }
  });

  it('leaves out the periods of reports written before the bridge figures were', async () => {
    const { firmId, advisor, id } = await openedOn('2026-06-01');
    await api.database.db.transaction((tx) =>
      recordHoldingReport(tx, { firmId, portfolioId: id, report: makeHoldingReport() }),
    );
    const response = await api.call(advisor, {
      method: 'GET',
      url: `/portfolios/${id}/returns/bridges`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ report_date: '2026-06-30', bridges: [] });
  });

  it('hides the bridges of a portfolio from another firm and from an advisor not on it', async () => {
    const { firmId, id } = await openedOn('2026-04-01');
    await insertDays(firmId, id, APRIL);
    const outsider = await api.signIn('ADMINISTRATOR');
    const colleague = await api.signIn('ADVISOR', { firmId });
    for (const caller of [outsider, colleague]) {
      const response = await api.call(caller, {
        method: 'GET',
        url: `/portfolios/${id}/returns/bridges`,
      });
      expect(response.statusCode, response.body).toBe(404);
    }
    const manager = await api.signIn('MANAGER', { firmId });
    const seen = await api.call(manager, {
      method: 'GET',
      url: `/portfolios/${id}/returns/bridges`,
    });
    expect(seen.statusCode, seen.body).toBe(200);
  });
});
