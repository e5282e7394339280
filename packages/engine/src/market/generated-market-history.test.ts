import type { BondStrategy } from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { cellStrategy } from '../bond-strategy/comparer.ts';
import { constructBondPortfolio } from '../bond-strategy/construct-portfolio.ts';
import { formatIsoDate, parseIsoDate } from '../dates.ts';
import { loadSolver } from '../optimise/solver.ts';
import { cusipCheckDigit } from './cusip.ts';
import { generatedMarket } from './generated-market.ts';
import { generatedMarketHistory } from './generated-market-history.ts';

const day = parseIsoDate;
const SMALL = { municipal: 3_000, corporate: 1_000, treasury: 300 };
const TENORS = [0.25, 1, 2, 5, 10, 30];

const history = generatedMarketHistory({ through: day('2026-11-26'), bondCounts: SMALL });
const longer = generatedMarketHistory({ through: day('2027-03-15'), bondCounts: SMALL });
const simulated = generatedMarket({ bondCounts: SMALL });

describe('the bundled market carried on past its date (SPEC 3.10)', () => {
  it('has every day up to its last, curves on weekdays and tokens on every day', () => {
    expect(formatIsoDate(history.lastDay)).toBe('2026-11-26');
    expect(formatIsoDate(history.market.curveDays.at(-1) ?? 0)).toBe('2026-11-26');
    expect(formatIsoDate(history.market.tokens.days.at(-1) ?? 0)).toBe('2026-11-26');
    // 2 November 2026 to 26 November: four weeks of weekdays less the Friday 27th's, 19.
    const newCurveDays = Array.from(history.market.curveDays).filter((d) => d > simulated.asOf);
    expect(newCurveDays.length).toBe(19);
    expect(newCurveDays.every((d) => (d + 4) % 7 !== 0 && (d + 4) % 7 !== 6)).toBe(true);
    // Calendar days 31 October to 26 November: 1 + 26 = 27.
    const newTokenDays = Array.from(history.market.tokens.days).filter((d) => d > simulated.asOf);
    expect(newTokenDays.length).toBe(27);
    expect(history.market.benchmarks.bond.days.at(-1)).toBe(day('2026-11-26'));
    expect(history.market.benchmarks.token.days.at(-1)).toBe(day('2026-11-26'));
    expect(history.firstDay).toBe(simulated.tokens.days[0]);
    expect(() => history.on(day('2026-11-27'))).toThrow(RangeError);
    expect(longer.on(day('2027-03-15')).day).toBe(day('2027-03-15'));
  });

  it('leaves the market’s own days as they were', () => {
    const before = day('2026-06-15');
    for (const years of TENORS) {
      expect(history.market.treasuryCurve(before)(years)).toBe(
        simulated.treasuryCurve(before)(years),
      );
    }
    expect(Array.from(history.market.benchmarks.token.values.subarray(0, 1_000))).toEqual(
      Array.from(simulated.benchmarks.token.values.subarray(0, 1_000)),
    );
    expect(history.on(simulated.asOf).tokenPrice(0)).toBe(simulated.tokens.prices[0]?.at(-1));
  });

  it('gives every day the same values however far it is carried (prefix-stable)', () => {
    const curveDays = Array.from(history.market.curveDays).filter((d) => d > simulated.asOf);
    for (const d of curveDays) {
      for (const years of TENORS) {
        expect(longer.market.treasuryCurve(d)(years)).toBe(history.market.treasuryCurve(d)(years));
      }
    }
    const sample = Array.from({ length: 40 }, (_, i) => (i * 97) % history.market.bonds.count);
    for (let d = simulated.asOf - 3; d <= history.lastDay; d++) {
      const a = history.on(d);
      const b = longer.on(d);
      expect(b.billYield).toBe(a.billYield);
      expect(b.benchmark('bond')).toBe(a.benchmark('bond'));
      expect(b.benchmark('token')).toBe(a.benchmark('token'));
      for (let t = 0; t < history.market.tokens.tokens.length; t++) {
        expect(b.tokenPrice(t)).toBe(a.tokenPrice(t));
      }
      for (const bond of sample) expect(b.bond(bond)).toEqual(a.bond(bond));
    }
    const at = history.market.tokens.days.length - 1;
    expect(longer.market.tokens.volumes[5]?.[at]).toBe(history.market.tokens.volumes[5]?.[at]);
  });

  it('moves on past the market’s date: curves, closes and benchmarks change', () => {
    const first = history.on(day('2026-11-02'));
    const last = history.on(day('2026-11-26'));
    expect(last.billYield).not.toBe(first.billYield);
    expect(last.tokenPrice(0)).not.toBe(first.tokenPrice(0));
    expect(last.benchmark('bond')).not.toBe(first.benchmark('bond'));
    expect(last.benchmark('token')).not.toBe(first.benchmark('token'));
  });

  it('marks the market’s bonds on its date as the simulations price them (SPEC 3.12)', () => {
    const today = history.on(simulated.asOf);
    const off: string[] = [];
    for (let i = 0; i < simulated.bonds.count; i++) {
      const code = simulated.bonds.cusip[i] as string;
      const mark = today.bond(history.bondIndex(code) as number);
      if (
        mark?.price !== simulated.bonds.price[i] ||
        mark?.ytw !== simulated.bonds.ytw[i] ||
        mark?.duration !== simulated.bonds.duration[i] ||
        mark?.accrued !== simulated.bonds.accrued[i]
      ) {
        off.push(code);
      }
    }
    expect(off).toEqual([]);
  });
});

describe('the bonds of earlier years (SPEC 3.11)', () => {
  const { bonds } = history.market;
  const earlier = Array.from({ length: bonds.count }, (_, i) => i).filter(
    (i) => (bonds.maturity[i] as number) <= simulated.asOf + 30,
  );

  it('adds bonds that matured before the market’s date, with valid CUSIPs of their own', () => {
    expect(earlier.length).toBeGreaterThan(1_000);
    expect(bonds.count).toBe(simulated.bonds.count + earlier.length);
    const bad = bonds.cusip.filter(
      (code) => !/^[0-9A-Z]{8}\d$/.test(code) || cusipCheckDigit(code.slice(0, 8)) !== code[8],
    );
    expect(bad).toEqual([]);
    expect(new Set(bonds.cusip).size).toBe(bonds.count);
    const firstMaturity = Math.min(...earlier.map((i) => bonds.maturity[i] as number));
    expect(firstMaturity).toBeLessThan(day('2022-01-01'));
  });

  it('pays the last coupon and par at maturity, and has no mark from then on', () => {
    const bond = earlier.find(
      (i) =>
        (bonds.maturity[i] as number) > day('2025-03-01') &&
        (bonds.firstCall[i] as number) < 0 &&
        (bonds.maturity[i] as number) - (bonds.dated[i] as number) > 400,
    ) as number;
    const maturity = bonds.maturity[bond] as number;
    // A regular last coupon is half the annual rate per 100 of face: the generated coupons are
    // eighths of a percent, so sixteenths per 100 for a half-year.
    const sixteenths = Math.round((bonds.coupon[bond] as number) * 800);
    const [coupon, redemption] = history.cashEvents(bond, maturity - 1, maturity);
    expect(coupon).toMatchObject({ kind: 'COUPON', day: maturity });
    const { numerator, denominator } = coupon?.perHundred ?? { numerator: 0, denominator: 1 };
    expect(numerator * 16).toBe(sixteenths * denominator);
    expect(redemption).toEqual({
      kind: 'MATURITY',
      day: maturity,
      perHundred: { numerator: 100, denominator: 1 },
    });
    expect(history.on(maturity - 1).bond(bond)).toBeDefined();
    expect(history.on(maturity).bond(bond)).toBeUndefined();
    expect(history.on(maturity + 10).bond(bond)).toBeUndefined();
    expect(Number.isNaN(bonds.price[bond])).toBe(true);
  });
});

describe('building a portfolio on an earlier day (SPEC 3.11, 3.12)', () => {
  const input = makeBondStrategyInput();
  const withDuration = (placement: 'Short' | 'Long'): BondStrategy => ({
    ...input.strategy,
    factors: {
      ...input.strategy.factors,
      // SPEC 10.2's ranges; any liquidity, so treasuries count toward the 10 %.
      duration:
        placement === 'Short' ? { placement, min: 2, max: 3 } : { placement, min: 7, max: 15 },
      liquidity: { target: 'U', min: 1, max: 100 },
    },
  });

  it('holds only the bonds outstanding that day, priced that day', () => {
    const d = day('2023-11-27');
    const market = history.asOf(d);
    expect(market.asOf).toBe(d);
    expect(market.curveDays.at(-1)).toBeLessThanOrEqual(d);
    expect(market.tokens.days.at(-1)).toBe(d);
    for (let i = 0; i < market.bonds.count; i++) {
      expect(market.bonds.dated[i]).toBeLessThanOrEqual(d);
      expect(market.bonds.maturity[i]).toBeGreaterThan(d);
    }
    const someEarlier = market.bonds.cusip.filter((code) => code.startsWith('V'));
    expect(someEarlier.length).toBeGreaterThan(0);
    const index = history.bondIndex(market.bonds.cusip[0] as string) as number;
    expect(market.bonds.price[0]).toBe(history.on(d).bond(index)?.price);
  });

  for (const date of ['2023-11-27', '2025-06-02']) {
    it(`builds short and long portfolios on ${date}`, async () => {
      const highs = await loadSolver();
      const market = history.asOf(day(date));
      for (const placement of ['Short', 'Long'] as const) {
        const built = constructBondPortfolio(
          highs,
          market,
          withDuration(placement),
          input.tax_data,
        );
        expect(built.positions.length).toBeGreaterThanOrEqual(15);
        const house = cellStrategy(input, { placement, liquidity: 'U' });
        expect(
          constructBondPortfolio(highs, market, house, input.tax_data).positions.length,
        ).toBeGreaterThanOrEqual(15);
      }
    });
  }
});
