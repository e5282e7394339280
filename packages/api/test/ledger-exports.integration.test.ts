import { DATE_RANGE_REVERSED, TAX_YEAR_OUT_OF_RANGE } from '@ballast/contract';
import { schema } from '@ballast/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordHoldingReports } from '../src/holdings/holding-report.ts';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { makeAssetLine, makeHoldingReport } from './support/holding-factory.ts';

type Entry = typeof schema.ledgerEntries.$inferInsert;

/** A CSV answer's records, split at CRLF; these fields hold no commas or quotes. */
const recordsOf = (text: string) =>
  text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

describe('the ledger exports', () => {
  const api = useApi();
  const steps = accountSteps(api);
  let advisor: SignedIn;
  let portfolioId: string;

  beforeAll(async () => {
    const team = await steps.team();
    advisor = team.advisor;
    portfolioId = await steps.openAccount(team.advisor, team.ops);
    const entry = (fields: Omit<Entry, 'firmId' | 'portfolioId'>): Entry => ({
      firmId: team.firmId,
      portfolioId,
      ...fields,
    });
    /*
     * Opened on 2 March 2026 with 250,000.00, of which 99,875.00 bought 100,000 of a bond
     * (25.00 fee, 312.50 of accrued interest paid). On 15 June two lots were sold:
     *   40,000 bought 2 March for 39,950.00, sold for 38,400.00: 38,400.00 − 39,950.00 = −1,550.00;
     *   10,000 bought 10 January 2026 for 10,000.00, sold for 9,500.00 with 200.00 of the loss
     *   disallowed by a wash sale: 9,500.00 − 10,000.00 + 200.00 = −300.00.
     * On 1 July the bond was bought again, within 30 days after the 15 June sale at a loss:
     * that purchase recorded 775.00 of the sale's 1,550.00 loss as washed, which the sale's lot
     * takes: 38,400.00 − 39,950.00 + 775.00 = −775.00, code W (IRS Publication 550, "Wash Sales").
     * A coupon of the year before and a sale of the year after fall outside both exports.
     * Rows go in out of order; the exports read them by day and sequence.
     */
    await api.database.db.insert(schema.ledgerEntries).values([
      entry({
        entryDate: '2026-07-01',
        seq: 0,
        kind: 'BUY',
        reason: 'REBALANCE',
        instrument: '13063DLZ9',
        quantity: '40000',
        cash: '-38500.00',
        washedLosses: [{ instrument: '13063DLZ9', soldOn: '2026-06-15', disallowedCents: 77_500 }],
      }),
      entry({
        entryDate: '2027-01-04',
        seq: 0,
        kind: 'SELL',
        reason: 'REBALANCE',
        instrument: '13063DLZ9',
        quantity: '-50000',
        cash: '50500.00',
        acquiredOn: '2026-03-02',
        proceeds: '50500.00',
        costBasis: '49937.50',
        gainLoss: '562.50',
        term: 'SHORT',
        washSaleDisallowed: '0.00',
      }),
      entry({
        entryDate: '2026-06-15',
        seq: 1,
        kind: 'SELL',
        reason: 'HARVEST',
        instrument: '3133EPKT1',
        quantity: '-10000',
        cash: '9500.00',
        acquiredOn: '2026-01-10',
        proceeds: '9500.00',
        costBasis: '10000.00',
        gainLoss: '-300.00',
        term: 'SHORT',
        washSaleDisallowed: '200.00',
      }),
      entry({
        entryDate: '2026-06-15',
        seq: 0,
        kind: 'SELL',
        reason: 'HARVEST',
        instrument: '13063DLZ9',
        quantity: '-40000',
        cash: '38400.00',
        acquiredOn: '2026-03-02',
        proceeds: '38400.00',
        costBasis: '39950.00',
        gainLoss: '-1550.00',
        term: 'SHORT',
        washSaleDisallowed: '0.00',
      }),
      entry({
        entryDate: '2026-03-02',
        seq: 1,
        kind: 'BUY',
        reason: 'OPENING',
        instrument: '13063DLZ9',
        quantity: '100000',
        cash: '-99875.00',
        income: '-312.50',
        fee: '25.00',
      }),
      entry({
        entryDate: '2026-03-02',
        seq: 0,
        kind: 'DEPOSIT',
        reason: 'OPENING',
        cash: '250000.00',
      }),
      entry({
        entryDate: '2025-12-31',
        seq: 0,
        kind: 'COUPON',
        reason: 'INCOME',
        instrument: '13063DLZ9',
        cash: '2000.00',
        income: '2000.00',
      }),
    ]);
    // The reports name the bonds: the latest name counts (June's, for 13063DLZ9; March's named it
    // otherwise), and a bond no report lists (3133EPKT1) keeps its CUSIP.
    await api.database.db.transaction((tx) =>
      recordHoldingReports(tx, {
        firmId: team.firmId,
        portfolioId,
        reports: [
          makeHoldingReport({
            report_date: '2026-03-31',
            assets: [makeAssetLine({ description: 'Calif GO 2034 (as first listed)' })],
          }),
          makeHoldingReport({ report_date: '2026-06-30' }),
        ],
      }),
    );
  });

  const get = (url: string) => api.call(advisor, { method: 'GET', url });

  it('lists the transactions between two days, both included, in the order they were recorded', async () => {
    const response = await get(
      `/portfolios/${portfolioId}/transactions/export?from=2026-03-02&to=2026-06-15`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="transactions-2026-03-02-to-2026-06-15.csv"',
    );
    expect(recordsOf(response.body)).toEqual([
      [
        'Date',
        'Kind',
        'Reason',
        'Instrument',
        'Description',
        'Quantity',
        'Amount',
        'Income',
        'Fee',
      ],
      ['2026-03-02', 'DEPOSIT', 'OPENING', '', 'Deposit', '', '250000.00', '0.00', '0.00'],
      [
        '2026-03-02',
        'BUY',
        'OPENING',
        '13063DLZ9',
        'Bought California St GO 4.000% 2034',
        '100000',
        // A leading minus of a plain number stays a number, not a formula.
        '-99875.00',
        '-312.50',
        '25.00',
      ],
      [
        '2026-06-15',
        'SELL',
        'HARVEST',
        '13063DLZ9',
        'Sold California St GO 4.000% 2034',
        '40000',
        '38400.00',
        '0.00',
        '0.00',
      ],
      [
        '2026-06-15',
        'SELL',
        'HARVEST',
        '3133EPKT1',
        'Sold 3133EPKT1',
        '10000',
        '9500.00',
        '0.00',
        '0.00',
      ],
    ]);
  });

  it('lists the lots realised in a tax year with Form 8949’s columns', async () => {
    const response = await get(`/portfolios/${portfolioId}/tax-lots/export?year=2026`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tax-lots-2026.csv"',
    );
    const [header, ...lots] = recordsOf(response.body);
    expect(header).toEqual([
      'Description',
      'CUSIP',
      'Date acquired',
      'Date sold',
      'Proceeds',
      'Cost basis',
      'Code',
      'Adjustment',
      'Gain or loss',
      'Term',
    ]);
    expect(lots).toEqual([
      [
        '40000 California St GO 4.000% 2034',
        '13063DLZ9',
        '2026-03-02',
        '2026-06-15',
        '38400.00',
        '39950.00',
        'W',
        '775.00',
        '-775.00',
        'SHORT',
      ],
      [
        '10000 3133EPKT1',
        '3133EPKT1',
        '2026-01-10',
        '2026-06-15',
        '9500.00',
        '10000.00',
        'W',
        '200.00',
        '-300.00',
        'SHORT',
      ],
    ]);
    const nextYear = await get(`/portfolios/${portfolioId}/tax-lots/export?year=2028`);
    expect(recordsOf(nextYear.body)).toHaveLength(1);
  });

  it('refuses bad dates, a range that ends before it starts and a year out of range', async () => {
    const cases: [string, string, string | null][] = [
      ['transactions/export?from=2026-13-01&to=2026-12-31', 'from', null],
      ['transactions/export?from=2026-01-01', 'to', null],
      ['transactions/export?from=2026-07-01&to=2026-06-30', 'to', DATE_RANGE_REVERSED],
      ['tax-lots/export?year=1800', 'year', TAX_YEAR_OUT_OF_RANGE],
      ['tax-lots/export?year=2026.5', 'year', TAX_YEAR_OUT_OF_RANGE],
      ['tax-lots/export', 'year', null],
    ];
    for (const [path, attr, detail] of cases) {
      const response = await get(`/portfolios/${portfolioId}/${path}`);
      expect(response.statusCode, path).toBe(400);
      const body = response.json() as {
        type: string;
        errors: { attr: string; detail: string }[];
      };
      expect(body.type, path).toBe('validation_error');
      expect(
        body.errors.map((error) => error.attr),
        path,
      ).toEqual([attr]);
      if (detail) expect(body.errors[0]?.detail, path).toBe(detail);
    }
  });

  it('hides the exports of a portfolio from another firm', async () => {
    const outsider = await api.signIn('ADMINISTRATOR');
    const response = await api.call(outsider, {
      method: 'GET',
      url: `/portfolios/${portfolioId}/tax-lots/export?year=2026`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errors: [{ code: 'not_found' }] });
  });
});
