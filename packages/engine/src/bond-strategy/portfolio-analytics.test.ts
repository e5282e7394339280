import { makeBondStrategyInput, makeTaxData } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { riskMeasures } from '../bonds/risk.ts';
import { yieldToWorst } from '../bonds/yield.ts';
import { formatIsoDate, parseIsoDate } from '../dates.ts';
import { parseCsv } from '../market/csv.ts';
import { exportMarket } from '../market/csv-market.ts';
import { generatedMarket } from '../market/generated-market.ts';
import { allocateBondUniverse, BOND_CLASSES, type MarketData } from '../market/market-data.ts';
import { candidateCalls } from '../market/price-to-worst.ts';
import { loadSolver } from '../optimise/solver.ts';
import { combinedRate, taxRatesOf } from '../tax/after-tax-yield.ts';
import { type ConstructedPortfolio, constructBondPortfolio } from './construct-portfolio.ts';
import { apportion, portfolioAnalytics, RATE_SHIFTS_BPS } from './portfolio-analytics.ts';

const highs = await loadSolver();
const strategy = {
  ...makeBondStrategyInput().strategy,
  factors: {
    ...makeBondStrategyInput().strategy.factors,
    liquidity: { target: 'U', min: 1, max: 100 } as const,
  },
};

/** Each rounded contribution is within one unit of its last place of the exact figure (SPEC 8.8). */
function expectWithinUnit(actual: number | undefined, exact: number, places: number) {
  expect(Math.abs((actual as number) - exact)).toBeLessThanOrEqual(10 ** -places + 1e-12);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * A three-bond market on a coupon date, each bond with one coupon left in six months, so a price
 * is (100 + coupon / 2) / (1 + y / 2) and each figure can be worked with a calculator.
 */
function tinyMarket(): { market: MarketData; portfolio: ConstructedPortfolio } {
  const asOf = parseIsoDate('2026-07-15');
  const maturity = parseIsoDate('2027-01-15');
  const bonds = allocateBondUniverse({
    cusip: ['A00000001', 'B00000002', 'C00000003'],
    issuer: ['New Jersey', 'United States Treasury', 'Puerto Rico'],
    sector: ['General Obligation', 'Treasury', 'General Obligation'],
    state: ['NJ', '', 'PR'],
  });
  const rows = [
    // A: a New Jersey municipal bond, 3 % coupon, at 99: y = 2 (101.5 / 99 - 1) = 5.0505 %.
    { kind: 'municipal', coupon: 0.03, price: 99, ytw: 2 * (101.5 / 99 - 1), duration: 0.49 },
    // B: a treasury, 4 % coupon, at 99: y = 2 (102 / 99 - 1) = 6.0606 %.
    { kind: 'treasury', coupon: 0.04, price: 99, ytw: 2 * (102 / 99 - 1), duration: 0.48 },
    // C: a Puerto Rico bond, 5 % coupon, at par: y = 5 %.
    { kind: 'municipal', coupon: 0.05, price: 100, ytw: 0.05, duration: 0.49 },
  ] as const;
  rows.forEach((row, i) => {
    bonds.bondClass[i] = BOND_CLASSES.indexOf(row.kind);
    bonds.coupon[i] = row.coupon;
    bonds.dated[i] = parseIsoDate('2024-01-15');
    bonds.maturity[i] = maturity;
    bonds.firstCall[i] = -1;
    bonds.rating[i] = 1;
    bonds.liquidity[i] = 50;
    bonds.price[i] = row.price;
    bonds.ytw[i] = row.ytw;
    bonds.duration[i] = row.duration;
    bonds.worstDay[i] = maturity;
  });
  const series = { days: new Int32Array(0), values: new Float64Array(0) };
  const market: MarketData = {
    version: 'three bonds',
    asOf,
    bonds,
    curveDays: new Int32Array(0),
    treasuryCurve: () => () => 0.04,
    tokens: { tokens: [], days: new Int32Array(0), prices: [], volumes: [] },
    benchmarks: { bond: series, token: series },
  };
  // Face 100,000, 100,000 and 202,000: worth 99,000, 99,000 and 202,000, 400,000 in all.
  const portfolio: ConstructedPortfolio = {
    positions: [
      { bond: 0, par: 100_000, marketValue: 99_000 },
      { bond: 1, par: 100_000, marketValue: 99_000 },
      { bond: 2, par: 202_000, marketValue: 202_000 },
    ],
    cash: 0,
    candidates: [],
  };
  return { market, portfolio };
}

describe('each figure as the sum of its positions, by hand (SPEC 8.8)', () => {
  const { market, portfolio } = tinyMarket();
  // A New York resident at 35 % with the surtax: ordinary interest pays 35 + 10.9 + 3.8 = 49.7 %.
  const taxData = makeTaxData({ tax_residency: 'NY', tax_rate: 35 });
  const analytics = portfolioAnalytics(market, portfolio, strategy, taxData);
  const parts = analytics.contributions ?? [];
  const weights = [99_000 / 400_000, 99_000 / 400_000, 202_000 / 400_000]; // .2475 .2475 .505

  it('weighs each position by its market value', () => {
    expect(parts.map((part) => part.cusip)).toEqual(['A00000001', 'B00000002', 'C00000003']);
    expect(parts.map((part) => part.weight)).toEqual([24.75, 24.75, 50.5]);
  });

  it('names each position’s bond in the market’s terms (SPEC 8.8)', () => {
    const terms = parts.map(({ issuer, coupon, maturity, rating, next_call, asset_class }) => ({
      issuer,
      coupon,
      maturity,
      rating,
      next_call,
      asset_class,
    }));
    // Notch 1 is AA+. None is callable; Puerto Rico's bond is no New Yorker's in-state bond.
    const common = { maturity: '2027-01-15', rating: 'AA+', next_call: null };
    expect(terms).toEqual([
      { ...common, issuer: 'New Jersey', coupon: 3, asset_class: 'munis_national' },
      { ...common, issuer: 'United States Treasury', coupon: 4, asset_class: 'treasuries' },
      { ...common, issuer: 'Puerto Rico', coupon: 5, asset_class: 'munis_national' },
    ]);
  });

  it('splits the yield: weight times yield to worst (SPEC 8.1)', () => {
    // .2475 x 5.0505 = 1.25; .2475 x 6.0606 = 1.5; .505 x 5 = 2.525; 5.275 in all.
    expect(parts.map((part) => part.portfolio_yield)).toEqual([1.25, 1.5, 2.525]);
    expect(analytics.attributes.portfolio_yield).toBe(5.275);
  });

  it('splits the tax-equivalent yield: weight times each after-tax yield over 1 - 49.7 % (SPEC 6.5, 8.1)', () => {
    expect(combinedRate(taxRatesOf(taxData))).toBeCloseTo(0.497, 12);
    // A keeps 1 - 10.9 % of its interest (New Jersey's bond, New York's tax). Its 1 point of
    // discount is not de minimis (no full year left) and pays the ordinary 49.7 % at redemption:
    // flow 1.5 x .891 + 100 - .497 = 100.8395, after-tax yield 2 (100.8395 / 99 - 1) = 3.7162 %.
    // Taxing the whole yield at A's interest rate instead gave 5.0505 x .891 = 4.5 %.
    const a = (weights[0] as number) * ((2 * (100.8395 / 99 - 1)) / 0.503) * 100; // 1.8285
    // B keeps 1 - 35 % - 3.8 % = .612 of its interest, and its ordinary discount, interest on
    // a federal obligation, pays no state tax: 38.8 %. Flow 2 x .612 + 100 - .388 = 100.836,
    // after-tax yield 2 (100.836 / 99 - 1) = 3.7091 %.
    const b = (weights[1] as number) * ((2 * (100.836 / 99 - 1)) / 0.503) * 100; // 1.8251
    // C, Puerto Rico's, is exempt from New York's tax too (SPEC 6.3): it keeps its 5 %.
    const c = (weights[2] as number) * (0.05 / 0.503) * 100; // 5.0199
    expectWithinUnit(parts[0]?.tax_equivalent_yield, a, 4);
    expectWithinUnit(parts[1]?.tax_equivalent_yield, b, 4);
    expectWithinUnit(parts[2]?.tax_equivalent_yield, c, 4);
    expect(analytics.attributes.tax_equivalent_yield).toBeCloseTo(a + b + c, 4); // 8.6735
  });

  it('gives each bond’s own figures, of which the parts are the weight’s share (SPEC 8.8)', () => {
    // Yields to worst as worked out for the market above: 5.0505 %, 6.0606 %, 5 %. The engine's
    // own bond math finds the same yield from each price.
    expect(parts.map((part) => part.yield_to_worst)).toEqual([5.0505, 6.0606, 5]);
    const rows = [
      { couponRate: 0.03, price: 99 },
      { couponRate: 0.04, price: 99 },
      { couponRate: 0.05, price: 100 },
    ];
    rows.forEach((row, i) => {
      const terms = { ...row, maturity: market.bonds.maturity[i] as number };
      const fromPrice = yieldToWorst(terms, market.asOf, row.price).yield * 100;
      expect(parts[i]?.yield_to_worst).toBeCloseTo(fromPrice, 4);
    });
    // The after-tax yields of the tax-equivalent test over 1 - 49.7 %: A 3.7162 / .503 =
    // 7.3880 %, B 3.7091 / .503 = 7.3739 %, C 5 / .503 = 9.9404 %.
    expect(parts[0]?.bond_tax_equivalent_yield).toBeCloseTo(
      (2 * (100.8395 / 99 - 1) * 100) / 0.503,
      4,
    );
    expect(parts[1]?.bond_tax_equivalent_yield).toBeCloseTo(
      (2 * (100.836 / 99 - 1) * 100) / 0.503,
      4,
    );
    expect(parts[2]?.bond_tax_equivalent_yield).toBeCloseTo(5 / 0.503, 4);
    // The market's modified durations and clean prices, as set above.
    expect(parts.map((part) => part.bond_duration)).toEqual([0.49, 0.48, 0.49]);
    expect(parts.map((part) => part.price)).toEqual([99, 99, 100]);
    // Weighted, the own yields make the portfolio's: .2475 x 5.0505 + .2475 x 6.0606 + .505 x 5
    // = 5.27499725, the reported 5.275 less what rounding the yields took.
    const weighted = sum(
      parts.map((part) => (part.weight / 100) * (part.yield_to_worst as number)),
    );
    expect(weighted).toBeCloseTo(analytics.attributes.portfolio_yield, 4);
  });

  it('splits the after-tax cash flow: a year’s coupons on the face, after tax (SPEC 8.1)', () => {
    // 100,000 x 3 % x .891 = 2,673; 100,000 x 4 % x .612 = 2,448; 202,000 x 5 % = 10,100.
    expect(parts.map((part) => part.after_tax_cash_flow)).toEqual([2673, 2448, 10100]);
    expect(analytics.attributes.after_tax_cash_flow).toBe(15221);
  });

  it('splits the duration: weight times each bond’s modified duration (SPEC 8.1)', () => {
    // .2475 x .49 = .121275; .2475 x .48 = .1188; .505 x .49 = .24745; .487525 in all, which
    // rounds to .4875: the largest remainder (A's .75 of a unit) takes the unit rounding left.
    expect(parts.map((part) => part.duration)).toEqual([0.1213, 0.1188, 0.2474]);
    expect(analytics.attributes.duration).toBe(0.4875);
  });

  it('taxes each discount in the year its bond redeems (SPEC 6.5, 8.7)', () => {
    // All three redeem on 15 January 2027: 1,000 x 101.5 + 1,000 x 102 + 2,020 x 102.5.
    expect(analytics.tax_cash_flows.years).toEqual([2027]);
    expect(analytics.tax_cash_flows.cash_flows).toEqual([410_550]);
    // A: coupon 1,500 x 10.9 % = 163.50 and its 1,000 of discount x 49.7 % = 497; B: coupon
    // 2,000 x 38.8 % = 776 and discount 1,000 x 38.8 % = 388; C: nothing. 1,824.50 in all,
    // where the coupons alone paid 939.50.
    expect(analytics.tax_cash_flows.taxes).toEqual([1824.5]);
  });

  it('splits each rate shock: each position’s change in value over the portfolio’s (SPEC 8.6)', () => {
    // Repriced at its yield moved by the shift, a position is worth units x (100 + c / 2) /
    // (1 + (y + shift) / 2); its part is that less its value today, over 400,000, in percent.
    // At +100 bp A is 1,000 x 101.5 / 1.030253 = 98,519.54: -480.46 / 400,000 = -.1201 %.
    const flows = [101.5, 102, 102.5];
    const yields = [2 * (101.5 / 99 - 1), 2 * (102 / 99 - 1), 0.05];
    const units = [1_000, 1_000, 2_020];
    for (const [k, bps] of RATE_SHIFTS_BPS.entries()) {
      const byHand = flows.map(
        (flow, i) =>
          ((units[i] as number) *
            (flow / (1 + ((yields[i] as number) + bps / 10_000) / 2) -
              flow / (1 + (yields[i] as number) / 2)) *
            100) /
          400_000,
      );
      parts.forEach((part, i) => {
        expect(part.rate_change_sensitivity[k]?.rate_change_bps).toBe(bps);
        expectWithinUnit(part.rate_change_sensitivity[k]?.value_change, byHand[i] as number, 4);
      });
      expect(analytics.rate_change_sensitivity[k]?.value_change).toBeCloseTo(sum(byHand), 4);
    }
  });
});

describe('the contributions of a simulation add up to its figures (SPEC 8.8)', () => {
  const market = generatedMarket();
  const taxData = makeTaxData();
  const portfolio = constructBondPortfolio(highs, market, strategy, taxData);
  const analytics = portfolioAnalytics(market, portfolio, strategy, taxData);
  const parts = analytics.contributions ?? [];
  const total = (field: (part: (typeof parts)[number]) => number) =>
    sum(parts.map((part) => field(part)));

  // The market in its documented columns (MARKET-DATA.md), each bond's row found by CUSIP.
  const records = new Map(
    parseCsv(exportMarket(market).bonds, 'bonds.csv', ['cusip']).map((record) => [
      record.get('cusip'),
      record,
    ]),
  );
  const recordOf = (cusip: string) => {
    const record = records.get(cusip);
    if (!record) throw new Error(`${cusip} is not in the market's record`);
    return record;
  };

  it('has one entry a position, by CUSIP, weights adding up to 100', () => {
    expect(parts.map((part) => part.cusip)).toEqual(
      portfolio.positions.map((position) => market.bonds.cusip[position.bond]),
    );
    expect(total((part) => part.weight)).toBeCloseTo(100, 9);
  });

  it('names each position’s bond as the market’s own record has it', () => {
    const classes: Record<string, string> = { corporate: 'corporates', treasury: 'treasuries' };
    // A call is open when it falls more than 30 days off and before maturity (SPEC 3.5); the
    // calls are the first call's anniversaries.
    const openAfter = formatIsoDate(market.asOf + 30);
    const nextCall = (firstCall: string, maturity: string) => {
      if (firstCall === '') return null;
      let call = firstCall;
      for (let years = 1; call <= openAfter; years++) {
        call = `${Number(firstCall.slice(0, 4)) + years}${firstCall.slice(4)}`;
      }
      return call < maturity ? call : null;
    };
    for (const part of parts) {
      const record = recordOf(part.cusip);
      const bondClass = record.get('class');
      expect(part).toMatchObject({
        issuer: record.get('issuer'),
        maturity: record.get('maturity'),
        rating: record.get('rating'),
        next_call: nextCall(record.get('first_call'), record.get('maturity')),
        asset_class:
          classes[bondClass] ??
          (record.get('state') === taxData.tax_residency ? 'munis_in_state' : 'munis_national'),
      });
      expect(part.coupon).toBeCloseTo(Number(record.get('coupon')), 9);
    }
    // The factory's strategy holds callable municipal bonds (golden.test.ts): a call to show.
    expect(parts.some((part) => part.next_call !== null)).toBe(true);
  });

  it('adds up exactly to every headline figure, as rounded', () => {
    const { attributes } = analytics;
    expect(total((part) => part.portfolio_yield)).toBeCloseTo(attributes.portfolio_yield, 9);
    expect(total((part) => part.tax_equivalent_yield)).toBeCloseTo(
      attributes.tax_equivalent_yield,
      9,
    );
    expect(total((part) => part.after_tax_cash_flow)).toBeCloseTo(
      attributes.after_tax_cash_flow,
      9,
    );
    expect(total((part) => part.duration)).toBeCloseTo(attributes.duration, 9);
    analytics.rate_change_sensitivity.forEach((row, k) => {
      expect(total((part) => part.rate_change_sensitivity[k]?.value_change as number)).toBeCloseTo(
        row.value_change,
        9,
      );
    });
  });

  it('gives each bond’s own price, yield to worst and duration, from its price (SPEC 2.5, 2.6, 8.8)', () => {
    for (const part of parts) {
      const record = recordOf(part.cusip);
      const price = Number(record.get('price'));
      const firstCall = record.get('first_call');
      const bond = {
        coupon: Number(record.get('coupon')) / 100,
        dated: parseIsoDate(record.get('dated')),
        maturity: parseIsoDate(record.get('maturity')),
        firstCall: firstCall === '' ? -1 : parseIsoDate(firstCall),
        callPrice: Number(record.get('call_price') || 100),
      };
      // The engine's bond math from the record's price, to the redemptions that can be worst.
      const worst = yieldToWorst(
        {
          couponRate: bond.coupon,
          dated: bond.dated,
          maturity: bond.maturity,
          calls: candidateCalls(bond, market.asOf),
        },
        market.asOf,
        price,
      );
      expectWithinUnit(part.price, price, 4);
      expectWithinUnit(part.yield_to_worst, worst.yield * 100, 4);
      expectWithinUnit(part.bond_duration, riskMeasures(worst.flows, worst.yield).modified, 4);
    }
  });

  it('gives each bond’s own figures, whose shares by weight are its parts (SPEC 8.8)', () => {
    const own = (figure: number | undefined) => {
      if (figure === undefined) throw new Error('a contribution lacks its bond’s own figure');
      return figure;
    };
    // A part is within a unit (1e-4) of the exact weight times the bond's figure; the reported
    // weight is within a unit of a percent of its own, the figure within half a unit of its own.
    const tolerance = (figure: number) => 1e-4 + 1e-6 * Math.abs(figure) + 0.5e-4 + 1e-12;
    for (const part of parts) {
      const pairs = [
        [part.portfolio_yield, own(part.yield_to_worst)],
        [part.tax_equivalent_yield, own(part.bond_tax_equivalent_yield)],
        [part.duration, own(part.bond_duration)],
      ] as const;
      for (const [share, figure] of pairs) {
        expect(Math.abs(share - (part.weight / 100) * figure)).toBeLessThanOrEqual(
          tolerance(figure),
        );
      }
    }
    // Summed, the weighted own yields make the portfolio's yield within the rounding of each
    // weight and yield, and of the figure as reported.
    const weighted = total((part) => (part.weight / 100) * own(part.yield_to_worst));
    const bound = total((part) => 1e-6 * own(part.yield_to_worst)) + 0.5e-4 + 0.5e-4 + 1e-12;
    expect(Math.abs(weighted - analytics.attributes.portfolio_yield)).toBeLessThanOrEqual(bound);
  });

  it('reports the after-tax yield the optimiser maximised (SPEC 6.5, 8.1)', () => {
    const rates = taxRatesOf(taxData);
    const invested = sum(portfolio.positions.map((position) => position.marketValue));
    const chosen = portfolio.positions.map((position) => {
      const candidate = portfolio.candidates.find((entry) => entry.bond === position.bond);
      return ((candidate?.afterTaxYield as number) * position.marketValue) / invested;
    });
    expect(analytics.attributes.tax_equivalent_yield).toBeCloseTo(
      (sum(chosen) / (1 - combinedRate(rates))) * 100,
      4,
    );
  });
});

describe('rounding parts to a rounded whole (SPEC 8.8)', () => {
  it('gives the units rounding leaves to the largest remainders', () => {
    // 1.004 + 1.004 + 1.004 = 3.012 rounds to 3.01: each rounds down to 1.00, and the one
    // cent left goes to the first of three equal remainders.
    expect(apportion([1.004, 1.004, 1.004], 2)).toEqual([1.01, 1, 1]);
    // 0.333... x 3 = 1: two rounded down to .33, one up to .34.
    expect(apportion([1 / 3, 1 / 3, 1 / 3], 2)).toEqual([0.34, 0.33, 0.33]);
    // Negative parts round the same way: -0.256 - 0.256 = -0.512 rounds to -0.51.
    expect(apportion([-0.256, -0.256], 2)).toEqual([-0.25, -0.26]);
  });
});
