import { PortfolioAlertsResponseSchema } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { type HoldingReportInput, recordHoldingReport } from '../src/holdings/holding-report.ts';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { makeAssetLine, makeHoldingReport } from './support/holding-factory.ts';

const DAY_MS = 86_400_000;
const utcDate = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/**
 * Within every limit of the default strategy (Intermediate 4-6 years, credit floor A): $200,000
 * with $10,000 cash (5 %), duration 5.1, rated AA, one line down $500 on $40,500 (1.2 %),
 * valued today.
 */
function calmReport(): HoldingReportInput {
  return makeHoldingReport({
    report_date: utcDate(0),
    nav: 200_000,
    duration: 5.1,
    average_rating: 'AA',
    assets: [
      makeAssetLine({
        current_value_usd: 150_000,
        cost_basis: 148_000,
        total_gain_loss_usd: 2_000,
      }),
      makeAssetLine({
        asset_class: 'treasury_bonds',
        description: 'US Treasury 1.375% 2029',
        current_value_usd: 40_000,
        cost_basis: 40_500,
        total_gain_loss_usd: -500,
      }),
      makeAssetLine({
        asset_class: 'cash',
        cusip: null,
        description: 'Cash',
        current_value_usd: 10_000,
        cost_basis: 10_000,
        total_gain_loss_usd: 0,
      }),
    ],
  });
}

/**
 * Every alert at once, figures by hand: cash $30,000 of $200,000 is 15 % (limit 10); duration 7.2
 * against the 4-6 band; average BBB below the A floor; Acme down $10,000 on an $80,000 cost basis,
 * 12.5 % (limit 5 %); valued 14 calendar days ago, which is two whole weeks: 10 business days.
 */
function troubledReport(): HoldingReportInput {
  return makeHoldingReport({
    report_date: utcDate(14),
    nav: 200_000,
    duration: 7.2,
    average_rating: 'BBB',
    assets: [
      makeAssetLine({ current_value_usd: 100_000, cost_basis: 99_000, total_gain_loss_usd: 1_000 }),
      makeAssetLine({
        asset_class: 'corporate_bonds',
        description: 'Acme Corp 4.250% 2031',
        current_value_usd: 70_000,
        cost_basis: 80_000,
        total_gain_loss_usd: -10_000,
      }),
      makeAssetLine({
        asset_class: 'cash',
        cusip: null,
        description: 'Cash',
        current_value_usd: 30_000,
        cost_basis: 30_000,
        total_gain_loss_usd: 0,
      }),
    ],
  });
}

describe('GET /portfolio-alerts, the monitor (decision 020)', () => {
  const api = useApi();
  const steps = accountSteps(api);

  async function record(firmId: string, portfolioId: string, report: HoldingReportInput) {
    await api.database.db.transaction((tx) =>
      recordHoldingReport(tx, { firmId, portfolioId, report }),
    );
  }

  async function alertsOf(as: SignedIn) {
    const response = await api.call(as, { method: 'GET', url: '/portfolio-alerts' });
    expect(response.statusCode, response.body).toBe(200);
    return PortfolioAlertsResponseSchema.parse(response.json());
  }

  it('raises each alert with its figure and limit, from the latest report', async () => {
    const { firmId, advisor, ops } = await steps.team();
    const id = await steps.openAccount(advisor, ops);
    await record(firmId, id, troubledReport());

    const body = await alertsOf(advisor);
    expect(body.as_of).toBe(utcDate(0));
    const alerts = body.alerts.filter((alert) => alert.portfolio_id === id);
    expect(
      alerts.map(({ kind, figure, limit, holding }) => ({ kind, figure, limit, holding })),
    ).toEqual([
      { kind: 'CASH_ABOVE_LIMIT', figure: 15, limit: 10, holding: null },
      { kind: 'DURATION_OUTSIDE_BAND', figure: 7.2, limit: '4-6', holding: null },
      { kind: 'BELOW_CREDIT_FLOOR', figure: 'BBB', limit: 'A', holding: null },
      { kind: 'HARVESTABLE_LOSS', figure: 12.5, limit: 5, holding: 'Acme Corp 4.250% 2031' },
      { kind: 'NOT_VALUED', figure: 10, limit: 1, holding: null },
    ]);
    for (const alert of alerts) {
      expect(alert).toMatchObject({
        advisor_name: 'Test ADVISOR',
        report_date: utcDate(14),
      });
      expect(alert.client_name).not.toBe('');
      expect(alert.reason).not.toBe('');
    }
    expect(alerts[0]?.reason).toBe(
      'Cash is 15% of the portfolio ($30,000.00), above the 10% limit.',
    );

    // A newer report within every limit replaces the troubled one.
    await record(firmId, id, calmReport());
    expect((await alertsOf(advisor)).alerts).toEqual([]);
  });

  it('raises nothing for a portfolio within its limits, or one never valued', async () => {
    const { firmId, advisor, ops } = await steps.team();
    const valued = await steps.openAccount(advisor, ops);
    await record(firmId, valued, calmReport());
    await steps.openAccount(advisor, ops);
    await steps.newPortfolio(advisor);
    expect((await alertsOf(advisor)).alerts).toEqual([]);
  });

  it("shows an advisor their own portfolios only, the firm to a manager, never another firm's", async () => {
    const { firmId, advisor, ops } = await steps.team();
    const colleague = await api.signIn('ADVISOR', { firmId });
    const manager = await api.signIn('MANAGER', { firmId });
    const mine = await steps.openAccount(advisor, ops);
    const theirs = await steps.openAccount(colleague, ops);
    await record(firmId, mine, troubledReport());
    await record(firmId, theirs, troubledReport());
    const other = await steps.team();
    const foreign = await steps.openAccount(other.advisor, other.ops);
    await record(other.firmId, foreign, troubledReport());

    const portfoliosOf = async (as: SignedIn) =>
      new Set((await alertsOf(as)).alerts.map((alert) => alert.portfolio_id));
    expect(await portfoliosOf(advisor)).toEqual(new Set([mine]));
    expect(await portfoliosOf(colleague)).toEqual(new Set([theirs]));
    for (const as of [manager, ops]) {
      expect(await portfoliosOf(as)).toEqual(new Set([mine, theirs]));
    }
    expect(await portfoliosOf(other.advisor)).toEqual(new Set([foreign]));
  });

  it('raises nothing for a closed account', async () => {
    const { firmId, advisor, ops } = await steps.team();
    const id = await steps.openAccount(advisor, ops);
    await record(firmId, id, troubledReport());
    expect((await alertsOf(advisor)).alerts).toHaveLength(5);
    const close = await steps.request(advisor, id, 'close', {});
    expect(close.statusCode, close.body).toBe(201);
    await steps.complete(ops, id, (close.json() as { id: string }).id);
    expect(await steps.statusOf(advisor, id)).toBe('CLOSED');
    expect((await alertsOf(advisor)).alerts).toEqual([]);
  });

  it('refuses a caller without a session', async () => {
    const response = await api.call(undefined, { method: 'GET', url: '/portfolio-alerts' });
    expect(response.statusCode).toBe(401);
  });
});
