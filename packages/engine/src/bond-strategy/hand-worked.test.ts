import { makeBondStrategyInput, makeTaxData } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { importMarket } from '../market/csv-market.ts';
import type { MarketData } from '../market/market-data.ts';
import { backtestBondPortfolio } from './bond-backtest.ts';
import type { ConstructedPortfolio } from './construct-portfolio.ts';
import { portfolioAnalytics } from './portfolio-analytics.ts';

/**
 * Markets written by hand, small enough to price on a calculator: corporate bonds (their
 * reference yield is the treasury curve itself), settled on 1 March 2028, a coupon date of every
 * bond here, so nothing has accrued and coupons fall whole periods away.
 */
const TENORS = [0.25, 0.5, 1, 2, 3, 5, 7, 10, 20, 30];
const day = parseIsoDate;

/**
 * Price per 100 on a coupon date of `periods` semiannual coupons and 100 at the end, at yield
 * `rate`: C × (1 − v^n) / r + 100 × v^n, with C = coupon × 100 / 2, r = rate / 2, v = 1 / (1 + r).
 */
function annuityPrice(coupon: number, rate: number, periods: number): number {
  const r = rate / 2;
  const v = (1 + r) ** -periods;
  return ((coupon * 100) / 2) * ((1 - v) / r) + 100 * v;
}

type HandBond = {
  cusip: string;
  issuer: string;
  coupon: number;
  maturity: string;
  firstCall?: string;
  price: number;
};

/** A market of these bonds on curves given per day as yield (decimal) by years. */
function handMarket(bonds: HandBond[], curves: [string, (years: number) => number][]): MarketData {
  const rows = bonds.map((bond) =>
    [
      bond.cusip,
      bond.issuer,
      'Industrials',
      'corporate',
      '',
      bond.coupon * 100,
      '2018-03-01',
      bond.maturity,
      bond.firstCall ?? '',
      100,
      'AA',
      50,
      'false',
      bond.price,
    ].join(','),
  );
  return importMarket({
    bonds: [
      'cusip,issuer,sector,class,state,coupon,dated,maturity,first_call,call_price,rating,liquidity,amt,price',
      ...rows,
    ].join('\n'),
    treasuryCurve: [
      `date,${TENORS.join(',')}`,
      ...curves.map(([date, curve]) =>
        [date, ...TENORS.map((years) => curve(years) * 100)].join(','),
      ),
    ].join('\n'),
    tokens: 'symbol,name,consensus_mechanism,sector,staking_yield,supply',
    tokenPrices: 'date,symbol,price,volume',
    benchmarks: ['date,bond,token', ...curves.map(([date]) => `${date},100,100`)].join('\n'),
  });
}

/** One position of each bond, $1,000,000 of value at today's price, each a candidate. */
function handPortfolio(market: MarketData, held: number[]): ConstructedPortfolio {
  const { bonds } = market;
  const candidate = (bond: number) => ({
    bond,
    bondClass: 'corporate' as const,
    reportedClass: 'corporates' as const,
    ratingBucket: 'AA' as const,
    issuer: bonds.issuer[bond] as string,
    afterTaxYield: bonds.ytw[bond] as number,
    duration: bonds.duration[bond] as number,
    liquidity: 50,
    liquid: true,
  });
  return {
    positions: held.map((bond) => {
      const full = (bonds.price[bond] as number) + (bonds.accrued[bond] as number);
      return { bond, par: (1_000_000 / full) * 100, marketValue: 1_000_000 };
    }),
    cash: 0,
    candidates: Array.from({ length: bonds.count }, (_, bond) => candidate(bond)),
  };
}

const strategyWith = (harvest: boolean) => {
  const { strategy } = makeBondStrategyInput();
  return { ...strategy, tax_options: { ...strategy.tax_options, tax_loss_harvest: harvest } };
};
const flat = (rate: number) => () => rate;

/**
 * A 5 % bond maturing 1 March 2048, callable at par every 1 March from 2038: from 1 March 2028
 * the call is 20 periods away and maturity 40. At 3 % it is priced to the call:
 * 2.5 × (1 − 1.015^−20) / 0.015 + 100 × 1.015^−20 = 117.1686 (to maturity it would be 129.9158).
 */
const callable: HandBond = {
  cusip: '000000AA0',
  issuer: 'Callable Industries',
  coupon: 0.05,
  maturity: '2048-03-01',
  firstCall: '2038-03-01',
  price: annuityPrice(0.05, 0.03, 20),
};

describe('rate sensitivity of a bond priced to its call (SPEC 8.6)', () => {
  const market = handMarket([callable], [['2028-03-01', flat(0.03)]]);
  const portfolio = handPortfolio(market, [0]);
  const analytics = portfolioAnalytics(market, portfolio, strategyWith(false), makeTaxData());
  const change = Object.fromEntries(
    analytics.rate_change_sensitivity.map((row) => [row.rate_change_bps, row.value_change]),
  );

  it('reprices to the worst redemption at each shifted yield', () => {
    expect(market.bonds.ytw[0]).toBeCloseTo(0.03, 9);
    // +100 bp, 4 %: still below the coupon, still called: 2.5 × (1 − 1.02^−20) / 0.02 +
    // 100 × 1.02^−20 = 108.1757, a change of 108.1757 / 117.1686 − 1 = −7.68 %.
    expect(change[100]).toBeCloseTo(-7.6752, 3);
    // +200 bp, 5 %: at its coupon every redemption is worth par: 100 / 117.1686 − 1 = −14.65 %.
    expect(change[200]).toBeCloseTo(-14.6529, 3);
    // +300 bp, 6 %: to the call 92.5613 (−21.00 %, what today's call flows would say), to
    // maturity 2.5 × (1 − 1.03^−40) / 0.03 + 100 × 1.03^−40 = 88.4426: the issuer lets it run,
    // and the holder loses 88.4426 / 117.1686 − 1 = −24.52 %.
    expect(change[300]).toBeCloseTo(-24.5168, 3);
    // −300 bp, 0 %: coupons and call undiscounted: 20 × 2.5 + 100 = 150, +28.02 %.
    expect(change[-300]).toBeCloseTo(-100 * (1 - 150 / annuityPrice(0.05, 0.03, 20)), 3);
    expect(change[-300]).toBeCloseTo(28.0206, 3);
  });
});

describe('the bond backtest on a hand-written market (SPEC 9.1, 9.3)', () => {
  it('reads a callable bond’s yield where its spread was set: day one earns its yield to worst', () => {
    // A straight curve, 2 % + 0.1 % a year: 3 % at the call's 10 years, 4 % at maturity's 20.
    // Priced to the call at 4.5 % (2.5 × (1 − 1.0225^−20) / 0.0225 + 100 × 1.0225^−20 =
    // 103.9909, below 106.5484 to maturity), its spread over maturity's point is 0.5 % (SPEC
    // 3.4, 3.9). With the curve unchanged on day two the position earns its yield for a day:
    // 1,000,000 × 4.5 % / 365 = 123.29; read at the call's 3 % + 0.5 % it would earn 95.89.
    const straight = (years: number) => 0.02 + 0.001 * years;
    const market = handMarket(
      [{ ...callable, price: annuityPrice(0.05, 0.045, 20) }],
      [
        ['2023-03-01', straight],
        ['2023-03-02', straight],
        ['2028-03-01', straight],
      ],
    );
    expect(market.bonds.ytw[0]).toBeCloseTo(0.045, 9);
    expect(market.bonds.spread[0]).toBeCloseTo(0.005, 9);
    const { result } = backtestBondPortfolio(
      market,
      handPortfolio(market, [0]),
      strategyWith(false),
      makeTaxData(),
    );
    const values = result.balance.data[0]?.values ?? [];
    expect(values[0]).toBeCloseTo(1_000_000, 2);
    expect(values[1]).toBeCloseTo(1_000_000 + (1_000_000 * 0.045) / 365, 1);
  });

  it('reprices to worst as yields move: a called bond priced to maturity after +300 bp', () => {
    // Today, at 6 %, the bond is priced to maturity (88.4426); five years ago the curve stood
    // at 3 %, where it was priced to its call (117.1686). The next day rates rose 300 bp: the
    // position earns a day at 3 % and moves from its call's price to maturity's:
    // 88.4426 / 117.1686 = 0.754832, so 1,000,000 × 0.754832 + 1,000,000 × 3 % / 365 = 754,913.98
    // (a move of −12.01 × 3 % + ½ × 198.4 × 3 %², today's duration and convexity to maturity,
    // would say about 729,000).
    const market = handMarket(
      [{ ...callable, price: annuityPrice(0.05, 0.06, 40) }],
      [
        ['2023-03-01', flat(0.03)],
        ['2023-03-02', flat(0.06)],
        ['2028-03-01', flat(0.06)],
      ],
    );
    expect(market.bonds.ytw[0]).toBeCloseTo(0.06, 9);
    const { result } = backtestBondPortfolio(
      market,
      handPortfolio(market, [0]),
      strategyWith(false),
      makeTaxData(),
    );
    const values = result.balance.data[0]?.values ?? [];
    const ratio = annuityPrice(0.05, 0.06, 40) / annuityPrice(0.05, 0.03, 20);
    expect(ratio).toBeCloseTo(0.754832, 6);
    expect(values[1]).toBeCloseTo(1_000_000 * ratio + (1_000_000 * 0.03) / 365, 1);
    expect(values[1]).toBeCloseTo(754_913.98, 1);
  });

  it('calls a loss long-term only after the same date a year on, across 29 February (SPEC 4.3)', () => {
    // Both positions are bought on 1 March 2023, the window's first day. 2023-03-01 to
    // 2024-03-01 is 366 days, as 29 February 2024 falls between, yet it is exactly one year:
    // sold on 1 March 2024 a lot is short-term, and only from 2 March long-term.
    // A 20-year 3 % bond at par loses 100 − 92.85 = 7.15 % when rates rise 50 bp on 1 March
    // (1.5 × (1 − 1.0175^−40) / 0.0175 + 100 × 1.0175^−40 = 92.8514): harvested that day,
    // short-term. A 2-year one loses 100 − 99.04 = 0.96 % (under the 2 % threshold), then on
    // 4 March, 200 bp up, 100 − 96.24 = 3.76 %: harvested then, long-term.
    const par = { coupon: 0.03, price: 100 };
    const market = handMarket(
      [
        { ...par, cusip: '000000AB8', issuer: 'Long Issuer', maturity: '2048-03-01' },
        { ...par, cusip: '000000AC6', issuer: 'Other Long Issuer', maturity: '2048-03-01' },
        { ...par, cusip: '000000AD4', issuer: 'Short Issuer', maturity: '2030-03-01' },
        { ...par, cusip: '000000AE2', issuer: 'Other Short Issuer', maturity: '2030-03-01' },
      ],
      [
        ['2023-03-01', flat(0.03)],
        ['2024-02-29', flat(0.03)],
        ['2024-03-01', flat(0.035)],
        ['2024-03-04', flat(0.05)],
        ['2028-03-01', flat(0.03)],
      ],
    );
    expect(annuityPrice(0.03, 0.035, 40)).toBeCloseTo(92.8514, 4);
    expect(annuityPrice(0.03, 0.035, 4)).toBeCloseTo(99.0423, 4);
    expect(annuityPrice(0.03, 0.05, 4)).toBeCloseTo(96.238, 3);
    const { swaps } = backtestBondPortfolio(
      market,
      handPortfolio(market, [0, 2]),
      strategyWith(true),
      makeTaxData(),
    );
    expect(swaps).toEqual([
      { day: day('2024-03-01'), sold: 0, bought: 1, long: false },
      { day: day('2024-03-04'), sold: 2, bought: 3, long: true },
    ]);
  });
});
