import { CREDIT_UNIVERSE, US_STATES } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { yieldToWorst } from '../bonds/yield.ts';
import { addMonths, formatIsoDate, parseIsoDate } from '../dates.ts';
import { cusipCheckDigit } from './cusip.ts';
import { RATING_SPREADS } from './generated-bonds.ts';
import { DEFAULT_MARKET, generatedMarket } from './generated-market.ts';
import { BOND_CLASSES } from './market-data.ts';
import { nextCallDay } from './price-to-worst.ts';

const market = generatedMarket();
const { bonds, tokens } = market;
const SMALL = { municipal: 600, corporate: 200, treasury: 50 };

describe('the bundled market (SPEC 3.1)', () => {
  it('is the same market from the same seed, and another from another', () => {
    const a = generatedMarket({ bondCounts: SMALL });
    const b = generatedMarket({ bondCounts: SMALL });
    const c = generatedMarket({ bondCounts: SMALL, seed: 7 });
    expect(a.version).toBe(b.version);
    expect(Array.from(a.bonds.ytw)).toEqual(Array.from(b.bonds.ytw));
    expect(a.bonds.cusip).toEqual(b.bonds.cusip);
    expect(Array.from(a.tokens.prices[0] ?? [])).toEqual(Array.from(b.tokens.prices[0] ?? []));
    expect(c.version).not.toBe(a.version);
    expect(Array.from(c.bonds.ytw)).not.toEqual(Array.from(a.bonds.ytw));
  });

  it('ends on its date, with six years of weekday curves behind it', () => {
    expect(formatIsoDate(market.asOf)).toBe(DEFAULT_MARKET.asOf);
    expect(market.curveDays.at(-1)).toBe(parseIsoDate('2026-10-30'));
    expect(market.curveDays[0]).toBeLessThanOrEqual(addMonths(market.asOf, -72) + 3);
    expect(market.curveDays.length).toBeGreaterThan(6 * 260);
    const weekdays = new Set(Array.from(market.curveDays, (day) => (day + 4) % 7));
    expect([...weekdays].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('the bond universe (SPEC 3.3-3.6)', () => {
  it('holds 50,000 bonds with valid, distinct CUSIPs', () => {
    expect(bonds.count).toBe(50_000);
    const bad = bonds.cusip.filter(
      (code) => !/^[0-9A-Z]{8}\d$/.test(code) || cusipCheckDigit(code.slice(0, 8)) !== code[8],
    );
    expect(bad).toEqual([]);
    expect(new Set(bonds.cusip).size).toBe(bonds.count);
  });

  it('has municipal bonds of every one of the 59 states and territories', () => {
    const states = new Set<string>();
    for (let i = 0; i < bonds.count; i++) {
      if (BOND_CLASSES[bonds.bondClass[i] as number] === 'municipal') {
        states.add(bonds.state[i] as string);
      }
    }
    expect([...states].sort()).toEqual(US_STATES.map((state) => state.abbreviation).sort());
  });

  it('keeps every field inside its range', () => {
    const problems: string[] = [];
    for (let i = 0; i < bonds.count; i++) {
      const where = `${bonds.cusip[i]}`;
      if ((bonds.rating[i] as number) >= CREDIT_UNIVERSE.length) problems.push(`${where} rating`);
      const liquidity = bonds.liquidity[i] as number;
      if (liquidity < 1 || liquidity > 100) problems.push(`${where} liquidity`);
      if ((bonds.maturity[i] as number) <= market.asOf) problems.push(`${where} matured`);
      if ((bonds.dated[i] as number) > market.asOf) problems.push(`${where} not issued`);
      const ytw = bonds.ytw[i] as number;
      if (!(ytw > 0 && ytw < 0.12)) problems.push(`${where} yield ${ytw}`);
      const price = bonds.price[i] as number;
      if (!(price > 40 && price < 150)) problems.push(`${where} price ${price}`);
      if (!((bonds.duration[i] as number) > 0)) problems.push(`${where} duration`);
    }
    expect(problems).toEqual([]);
    expect(RATING_SPREADS.municipal).toHaveLength(CREDIT_UNIVERSE.length);
  });

  it('prices each bond to its worst redemption: its stored yield is its yield to worst', () => {
    const off: string[] = [];
    for (let i = 0; i < bonds.count; i += 97) {
      const call = nextCallDay(
        bonds.firstCall[i] as number,
        market.asOf,
        bonds.maturity[i] as number,
      );
      const worst = yieldToWorst(
        {
          couponRate: bonds.coupon[i] as number,
          maturity: bonds.maturity[i] as number,
          dated: bonds.dated[i] as number,
          calls: call > 0 ? [{ day: call, price: 100 }] : [],
        },
        market.asOf,
        bonds.price[i] as number,
      );
      if (Math.abs(worst.yield - (bonds.ytw[i] as number)) > 1e-9) off.push(bonds.cusip[i] ?? '');
      if (worst.redemption.day !== bonds.worstDay[i]) off.push(`${bonds.cusip[i]} redemption`);
    }
    expect(off).toEqual([]);
  });

  it('prices tax-exempt municipals below treasuries, and corporates above (SPEC 3.4)', () => {
    const sum = [0, 0, 0];
    const count = [0, 0, 0];
    for (let i = 0; i < bonds.count; i++) {
      const kind = bonds.bondClass[i] as number;
      sum[kind] = (sum[kind] as number) + (bonds.ytw[i] as number);
      count[kind] = (count[kind] as number) + 1;
    }
    const [municipal, corporate, treasury] = sum.map((total, k) => total / (count[k] as number));
    expect(municipal).toBeLessThan(treasury as number);
    expect(corporate).toBeGreaterThan((treasury as number) + 0.005);
  });
});

describe('the token market (SPEC 3.7)', () => {
  const { days, prices } = tokens;
  const logReturns = (series: Float64Array) =>
    Array.from(series.subarray(1), (value, i) => Math.log(value / (series[i] as number)));

  it('has 100 tokens with a price every day for five years', () => {
    expect(tokens.tokens).toHaveLength(100);
    expect(new Set(tokens.tokens.map((token) => token.symbol)).size).toBe(100);
    expect(days.length).toBeGreaterThanOrEqual(5 * 365 + 1);
    expect(days.at(-1)).toBe(market.asOf);
    const gaps = Array.from(days.subarray(1), (day, i) => day - (days[i] as number));
    expect(new Set(gaps)).toEqual(new Set([1]));
    expect(prices.every((series) => series.every((price) => price > 0))).toBe(true);
    expect(tokens.tokens.slice(0, 3).map((token) => token.symbol)).toEqual(['BTC', 'ETH', 'SOL']);
  });

  it('stakes only proof-of-stake style tokens', () => {
    for (const token of tokens.tokens) {
      const stakes = /Stake|History/.test(token.consensusMechanism);
      expect(token.stakingYield > 0, token.symbol).toBe(stakes);
    }
  });

  it('moves tokens together, with fat tails', () => {
    const series = prices.slice(0, 20).map((price) => logReturns(price));
    const mean = (values: number[]) =>
      values.reduce((sum, value) => sum + value, 0) / values.length;
    const correlation = (a: number[], b: number[]) => {
      const ma = mean(a);
      const mb = mean(b);
      let cov = 0;
      let va = 0;
      let vb = 0;
      a.forEach((value, i) => {
        const db = (b[i] as number) - mb;
        cov += (value - ma) * db;
        va += (value - ma) ** 2;
        vb += db ** 2;
      });
      return cov / Math.sqrt(va * vb);
    };
    const pairs: number[] = [];
    for (let i = 0; i < series.length; i++) {
      for (let j = i + 1; j < series.length; j++) {
        pairs.push(correlation(series[i] as number[], series[j] as number[]));
      }
    }
    expect(mean(pairs)).toBeGreaterThan(0.3);
    const btc = series[0] as number[];
    const m = mean(btc);
    const variance = mean(btc.map((value) => (value - m) ** 2));
    const kurtosis = mean(btc.map((value) => (value - m) ** 4)) / variance ** 2;
    // A normal distribution has kurtosis 3.
    expect(kurtosis).toBeGreaterThan(4);
  });

  it('has a benchmark for each kind on its own days', () => {
    const { bond, token } = market.benchmarks;
    expect(bond.days).toBe(market.curveDays);
    expect(token.days).toBe(days);
    expect(bond.values[0]).toBe(100);
    expect(bond.values.every((value) => value > 50 && value < 200)).toBe(true);
    expect(token.values.every((value) => value > 0)).toBe(true);
  });
});
