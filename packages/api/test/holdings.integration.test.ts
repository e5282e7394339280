import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  HoldingReportRecordSchema,
  PortfolioDetailSchema,
  PortfolioListResponseSchema,
} from '@ballast/contract';
import { makePortfolioInputs, makeTokenStrategyInput } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type HoldingReportInput, recordHoldingReport } from '../src/holdings/holding-report.ts';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { makeHoldingReport } from './support/holding-factory.ts';

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

describe('holdings and histories', () => {
  const api = useApi();
  const steps = accountSteps(api);

  const team = () => steps.team();

  async function record(firmId: string, portfolioId: string, report: HoldingReportInput) {
    return api.database.db.transaction((tx) =>
      recordHoldingReport(tx, { firmId, portfolioId, report }),
    );
  }

  /** An open account with a report on each day of June 2026, NAV rising 100 a day. */
  async function withJune(firmId: string, advisor: SignedIn, ops: SignedIn) {
    const id = await steps.openAccount(advisor, ops);
    for (let day = 1; day <= 30; day += 1) {
      const date = `2026-06-${String(day).padStart(2, '0')}`;
      await record(
        firmId,
        id,
        makeHoldingReport({
          report_date: date,
          nav: 200_000 + day * 100,
          report_date_deposit_usd: day === 10 ? 5_000 : 0,
          report_date_withdraw_usd: day === 20 ? 2_500.25 : 0,
          report_date_realized_gain: day === 15 ? 300 : 0,
          report_date_realized_loss: day === 16 ? 125.5 : 0,
        }),
      );
    }
    return id;
  }

  it('answers the latest report with every figure and its asset lines in order', async () => {
    const { firmId, advisor, ops } = await team();
    const id = await steps.openAccount(advisor, ops);
    const none = await api.call(advisor, { method: 'GET', url: `/portfolios/${id}/holding` });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ errors: [{ code: 'not_found' }] });

    const { benchmark_returns, ...report } = makeHoldingReport();
    await record(firmId, id, { ...report, benchmark_returns });
    await record(firmId, id, makeHoldingReport({ report_date: '2026-06-01', nav: 1 }));
    const response = await api.call(advisor, { method: 'GET', url: `/portfolios/${id}/holding` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ ...report, portfolio: id });
    expect(body).not.toHaveProperty('benchmark_returns');
    // The database writes this JSON too: exactly the contract's shape, nothing more.
    expect(HoldingReportRecordSchema.parse(body)).toEqual(body);
    expect(Date.parse(body.created_at as string)).toBeGreaterThan(Date.now() - 60_000);

    const detail = await api.call(advisor, { method: 'GET', url: `/portfolios/${id}` });
    expect(PortfolioDetailSchema.parse(detail.json())).toEqual(detail.json());
    expect((detail.json() as { current_holding: unknown }).current_holding).toEqual(report);
    expect(detail.json()).toMatchObject({
      current_holding: { nav: 200_000, report_date: '2026-06-30' },
      benchmark_returns,
      asset_distribution: {
        cash: 25,
        corporate_bonds: 0,
        in_state_municipal_bonds: 0,
        national_municipal_bonds: 50,
        treasury_bonds: 25,
      },
    });
    const list = await api.call(advisor, { method: 'GET', url: '/portfolios' });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    // The database writes this JSON; it must be exactly the contract's shape, nothing more.
    expect(PortfolioListResponseSchema.parse(list.json())).toEqual(list.json());
    const listed = (
      list.json() as { portfolios: { id: string; current_holding: unknown }[]; aum: number }
    ).portfolios.find((item) => item.id === id);
    expect(listed?.current_holding).toEqual({
      nav: 200_000,
      ytw: 3.6,
      duration: 5.1,
      return_ytd_pct: 2.1,
      return_1y_pct: 3.5,
      tey: 5.2,
      current_loss_harvested_pct: 2,
      number_of_holdings: 3,
    });
    expect((list.json() as { aum: number }).aum).toBe(200_000);
    const zipped = await api.call(advisor, {
      method: 'GET',
      url: '/portfolios',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(list.json());
    const brotli = await api.call(advisor, {
      method: 'GET',
      url: '/portfolios',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(list.json());
  });

  it('lists what changed since the last list, however it changed', async () => {
    const { firmId, advisor, ops } = await team();
    const id = await steps.openAccount(advisor, ops);
    type Listed = {
      id: string;
      client_name: string;
      status: string;
      advisors: { first_name: string }[];
      current_holding: { nav: number } | null;
    };
    const row = async () => {
      const response = await api.call(advisor, { method: 'GET', url: '/portfolios' });
      return (response.json() as { portfolios: Listed[] }).portfolios.find(
        (item) => item.id === id,
      );
    };
    expect((await row())?.current_holding).toBeNull();
    await record(firmId, id, makeHoldingReport({ nav: 123_456 }));
    expect((await row())?.current_holding?.nav).toBe(123_456);
    await record(firmId, id, makeHoldingReport({ nav: 654_321 }));
    expect((await row())?.current_holding?.nav).toBe(654_321);

    const self = (
      await api.call(advisor, { method: 'GET', url: '/advisors/self' })
    ).json() as Record<string, unknown>;
    const { advisor: _id, in_app_notification: _inApp, firm_id: _firm, ...settings } = self;
    const renamed = await api.call(advisor, {
      method: 'PUT',
      url: `/advisors/${advisor.advisorId}`,
      payload: { ...settings, first_name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await row())?.advisors.map((a) => a.first_name)).toContain('Renamed');

    const dnt = (
      await steps.request(advisor, id, 'set-user-dnt', { set_user_dnt: true })
    ).json() as { id: string };
    expect((await row())?.status).toBe('IN-GOOD-ORDER');
    await steps.move(ops, id, dnt.id, { state: 'PENDING' });
    await steps.move(ops, id, dnt.id, {
      state: 'NEEDS-ACTION-IN-CHANNEL',
      needs_action_payload: { instructions: 'Sign the form.' },
    });
    expect((await row())?.status).toBe('NEEDS-ACTION');
  });

  it('replaces a day reported again, and a later day stays current', async () => {
    const { firmId, advisor, ops } = await team();
    const id = await steps.openAccount(advisor, ops);
    await record(firmId, id, makeHoldingReport({ report_date: '2026-06-30', nav: 300_000 }));
    await record(firmId, id, makeHoldingReport({ report_date: '2026-06-30', nav: 310_000 }));
    const rows = await api.database.db
      .select()
      .from(schema.holdingReports)
      .where(eq(schema.holdingReports.portfolioId, id));
    expect(rows).toHaveLength(1);
    const [portfolio] = await api.database.db
      .select()
      .from(schema.portfolios)
      .where(eq(schema.portfolios.id, id));
    expect(portfolio?.currentNav).toBe('310000.00');
  });

  it('pages each daily series oldest first, inside inclusive time bounds', async () => {
    const { firmId, advisor, ops } = await team();
    const id = await withJune(firmId, advisor, ops);

    const first = await api.call(advisor, {
      method: 'GET',
      url: `/portfolios/${id}/nav/history?limit=10`,
    });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as Page<{ report_date: string; nav: number }>;
    expect(page.count).toBe(30);
    expect(page.results.map((point) => point.report_date)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-06-${String(i + 1).padStart(2, '0')}`),
    );
    expect(page.results[0]?.nav).toBe(200_100);
    expect(page.previous).toBeNull();
    expect(page.next).toMatch(new RegExp(`^http://[^/]+/api/portfolios/${id}/nav/history\\?`));
    const next = new URL(page.next ?? '');
    expect(next.searchParams.get('offset')).toBe('10');
    expect(next.searchParams.get('limit')).toBe('10');

    const last = (
      await api.call(advisor, {
        method: 'GET',
        url: `/portfolios/${id}/nav/history?limit=10&offset=20`,
      })
    ).json() as Page<unknown>;
    expect(last.next).toBeNull();
    expect(new URL(last.previous ?? '').searchParams.get('offset')).toBe('10');

    const bounded = (
      await api.call(advisor, {
        method: 'GET',
        url: `/portfolios/${id}/deposit-withdraw/history?start_time=2026-06-10&end_time=${encodeURIComponent('2026-06-20T22:00:00-04:00')}`,
      })
    ).json() as Page<{
      report_date: string;
      report_date_deposit_usd: number;
      report_date_withdraw_usd: number;
    }>;
    // 22:00 at UTC-4 is already the 21st in UTC.
    expect(bounded.count).toBe(12);
    expect(bounded.results[0]).toEqual({
      report_date: '2026-06-10',
      report_date_deposit_usd: 5_000,
      report_date_withdraw_usd: 0,
    });
    expect(bounded.results[10]?.report_date_withdraw_usd).toBe(2_500.25);

    const gains = (
      await api.call(advisor, {
        method: 'GET',
        url: `/portfolios/${id}/gain-loss/history?start_time=2026-06-15&end_time=2026-06-16`,
      })
    ).json() as Page<unknown>;
    expect(gains.results).toEqual([
      { report_date: '2026-06-15', report_date_realized_gain: 300, report_date_realized_loss: 0 },
      { report_date: '2026-06-16', report_date_realized_gain: 0, report_date_realized_loss: 125.5 },
    ]);
  });

  it('refuses a bad page or bound in the product §8 format', async () => {
    const { advisor } = await team();
    const id = await steps.newPortfolio(advisor);
    for (const [query, attr] of [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['offset=-1', 'offset'],
      ['start_time=yesterday', 'start_time'],
    ] as const) {
      const response = await api.call(advisor, {
        method: 'GET',
        url: `/portfolios/${id}/nav/history?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ type: 'validation_error', errors: [{ attr }] });
    }
  });

  it('replaces token lots and gives back amounts to the last of 18 decimals', async () => {
    const { advisor, ops } = await team();
    const id = await steps.openAccount(
      advisor,
      ops,
      makePortfolioInputs({ strategy: makeTokenStrategyInput() }),
    );
    const lots = [
      {
        coin: 'ETH',
        amount: '12.123456789012345678',
        cost_basis: 30_000.5,
        date_acquired: '2024-03-01',
      },
      { coin: 'BTC', amount: '1', cost_basis: 60_000, date_acquired: '2023-11-15' },
    ];
    const saved = await api.call(advisor, {
      method: 'POST',
      url: '/portfolios/holdings',
      payload: { portfolio_id: id, lots },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({ portfolio_id: id, lots });
    const replaced = await api.call(advisor, {
      method: 'POST',
      url: '/portfolios/holdings',
      payload: { portfolio_id: id, lots: [lots[1]] },
    });
    expect(replaced.json()).toEqual({ portfolio_id: id, lots: [lots[1]] });
    const stored = await api.database.db
      .select()
      .from(schema.tokenLots)
      .where(eq(schema.tokenLots.portfolioId, id));
    expect(stored).toHaveLength(1);

    const bad = await api.call(advisor, {
      method: 'POST',
      url: '/portfolios/holdings',
      payload: { portfolio_id: id, lots: [{ ...lots[0], amount: '1.1234567890123456789' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ attr: 'lots.0.amount' }] });

    const byOps = await api.call(ops, {
      method: 'POST',
      url: '/portfolios/holdings',
      payload: { portfolio_id: id, lots },
    });
    expect(byOps.statusCode).toBe(403);
  });

  it('keeps token lots off bond portfolios (409)', async () => {
    const { advisor, ops } = await team();
    const id = await steps.openAccount(advisor, ops);
    const response = await api.call(advisor, {
      method: 'POST',
      url: '/portfolios/holdings',
      payload: { portfolio_id: id, lots: [] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errors: [{ code: 'request_conflict' }] });
  });
});
