import { makeBondStrategyInput, makeTokenStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { type AlertInput, portfolioAlerts } from './portfolio-alerts.ts';

// 2026-11-24 is a Tuesday; a report of Monday 2026-11-23 is one business day old.
const TODAY = '2026-11-24';

/**
 * A bond portfolio within every limit: $200,000 with $10,000 cash (5 %), duration 5 inside the
 * strategy's 4-6 band, rated AA against an A floor, and one line down $900 on $30,000 (3 %).
 */
function calm(overrides: Partial<AlertInput> = {}): AlertInput {
  return {
    portfolioId: '00000000-0000-4000-8000-000000000001',
    clientName: 'Ada Byron',
    advisorName: 'Test ADVISOR',
    report: { reportDate: '2026-11-23', nav: 200_000, duration: 5, averageRating: 'AA' },
    cashUsd: 10_000,
    losingLines: [{ description: 'Muni 2034', costBasis: 30_000, gainLossUsd: -900 }],
    strategy: makeBondStrategyInput(),
    ...overrides,
  };
}

const kinds = (input: AlertInput, today = TODAY) =>
  portfolioAlerts(input, today).map((alert) => alert.kind);

describe('portfolioAlerts', () => {
  it('raises nothing for a portfolio within every limit', () => {
    expect(portfolioAlerts(calm(), TODAY)).toEqual([]);
  });

  it('raises cash above 10 %: $30,000 of $200,000 is 15 %', () => {
    const [alert] = portfolioAlerts(calm({ cashUsd: 30_000 }), TODAY);
    expect(alert).toMatchObject({ kind: 'CASH_ABOVE_LIMIT', figure: 15, limit: 10 });
    expect(alert?.reason).toBe('Cash is 15% of the portfolio ($30,000.00), above the 10% limit.');
  });

  it('keeps quiet at exactly 10 % cash', () => {
    expect(kinds(calm({ cashUsd: 20_000 }))).toEqual([]);
  });

  it("raises a duration outside the strategy's 4-6 band, on either side", () => {
    const long = calm({ report: { ...calm().report, duration: 6.4 } });
    expect(portfolioAlerts(long, TODAY)).toMatchObject([
      { kind: 'DURATION_OUTSIDE_BAND', figure: 6.4, limit: '4-6' },
    ]);
    expect(portfolioAlerts(long, TODAY)[0]?.reason).toBe(
      "Duration is 6.4 years, outside the strategy's 4-6 year band (Intermediate).",
    );
    expect(kinds(calm({ report: { ...calm().report, duration: 3.9 } }))).toEqual([
      'DURATION_OUTSIDE_BAND',
    ]);
    expect(kinds(calm({ report: { ...calm().report, duration: 6 } }))).toEqual([]);
  });

  it('raises an average rating below the A floor, and not one at it', () => {
    const bbb = calm({ report: { ...calm().report, averageRating: 'BBB+' } });
    expect(portfolioAlerts(bbb, TODAY)).toMatchObject([
      { kind: 'BELOW_CREDIT_FLOOR', figure: 'BBB+', limit: 'A' },
    ]);
    expect(kinds(calm({ report: { ...calm().report, averageRating: 'A-' } }))).toEqual([
      'BELOW_CREDIT_FLOOR',
    ]);
    expect(kinds(calm({ report: { ...calm().report, averageRating: 'A' } }))).toEqual([]);
    expect(kinds(calm({ report: { ...calm().report, averageRating: 'BB' } }))).toEqual([
      'BELOW_CREDIT_FLOOR',
    ]);
  });

  it("reads a bucket average against the floor's bucket: BBB is not below BBB+, but below A-", () => {
    const strategy = (floor: 'BBB+' | 'A-') => {
      const input = makeBondStrategyInput();
      return {
        ...input,
        strategy: {
          ...input.strategy,
          factors: {
            ...input.strategy.factors,
            credit: { ...input.strategy.factors.credit, credit_universe: floor },
          },
        },
      };
    };
    const bbb = { ...calm().report, averageRating: 'BBB' };
    expect(kinds(calm({ report: bbb, strategy: strategy('BBB+') }))).toEqual([]);
    expect(kinds(calm({ report: bbb, strategy: strategy('A-') }))).toEqual(['BELOW_CREDIT_FLOOR']);
    // A notch is read as a notch: BBB- is below a BBB+ floor.
    const notch = { ...calm().report, averageRating: 'BBB-' };
    expect(kinds(calm({ report: notch, strategy: strategy('BBB+') }))).toEqual([
      'BELOW_CREDIT_FLOOR',
    ]);
  });

  it('raises a loss of $4,000 on a $40,000 cost basis (10 %), naming the holding', () => {
    const input = calm({
      losingLines: [{ description: 'Acme 5% 2031', costBasis: 40_000, gainLossUsd: -4_000 }],
    });
    const [alert] = portfolioAlerts(input, TODAY);
    expect(alert).toMatchObject({
      kind: 'HARVESTABLE_LOSS',
      figure: 10,
      limit: 5,
      holding: 'Acme 5% 2031',
    });
    expect(alert?.reason).toContain('$4,000.00, 10% of its cost basis');
  });

  it('needs both 5 % and $1,000 before a loss is worth harvesting', () => {
    // $900 is 9 % of $10,000 but under $1,000; $1,500 of $50,000 is only 3 %.
    const small = calm({
      losingLines: [
        { description: 'Small', costBasis: 10_000, gainLossUsd: -900 },
        { description: 'Shallow', costBasis: 50_000, gainLossUsd: -1_500 },
      ],
    });
    expect(kinds(small)).toEqual([]);
  });

  it('raises a portfolio not valued for more than a business day', () => {
    // Thursday 2026-11-19 to Tuesday 2026-11-24: Friday, Monday and Tuesday, 3 business days.
    const old = calm({ report: { ...calm().report, reportDate: '2026-11-19' } });
    expect(portfolioAlerts(old, TODAY)).toMatchObject([
      { kind: 'NOT_VALUED', figure: 3, limit: 1, report_date: '2026-11-19' },
    ]);
    // Friday's report read on Monday is one business day old.
    expect(
      kinds(calm({ report: { ...calm().report, reportDate: '2026-11-20' } }), '2026-11-23'),
    ).toEqual([]);
  });

  it('reads no duration or credit rule for a token strategy', () => {
    const token = calm({
      strategy: makeTokenStrategyInput(),
      report: { reportDate: '2026-11-23', nav: 200_000, duration: null, averageRating: 'BBB' },
    });
    expect(kinds(token)).toEqual([]);
  });

  it('carries the portfolio, client and advisor on every alert', () => {
    const [alert] = portfolioAlerts(calm({ cashUsd: 50_000 }), TODAY);
    expect(alert).toMatchObject({
      portfolio_id: '00000000-0000-4000-8000-000000000001',
      client_name: 'Ada Byron',
      advisor_name: 'Test ADVISOR',
      report_date: '2026-11-23',
      holding: null,
    });
  });
});
