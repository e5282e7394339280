import {
  BondSimulationResultSchema,
  type BondStrategy,
  CREDIT_UNIVERSE,
  DURATION_RANGES,
  type TaxData,
} from '@ballast/contract';
import { makeBondStrategyInput, makeTaxData } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { cashFlows } from '../bonds/cash-flows.ts';
import { dirtyPrice } from '../bonds/yield.ts';
import { generatedMarket } from '../market/generated-market.ts';
import { seededRandom } from '../market/random.ts';
import { loadSolver } from '../optimise/solver.ts';
import { constraintViolations } from './constraint-check.ts';
import { constructBondPortfolio } from './construct-portfolio.ts';
import { CONSTRUCTION } from './construction-rules.ts';
import { InfeasibleStrategyError } from './infeasible.ts';
import { portfolioAnalytics } from './portfolio-analytics.ts';

const highs = await loadSolver();
const market = generatedMarket();
const base = makeBondStrategyInput().strategy;
const taxData = makeTaxData();

function strategyWith(changes: {
  assets?: BondStrategy['assets'];
  duration?: BondStrategy['factors']['duration'];
  credit?: Partial<BondStrategy['factors']['credit']>;
  liquidity?: BondStrategy['factors']['liquidity'];
  constraints?: Partial<BondStrategy['constraints']>;
}): BondStrategy {
  return {
    ...base,
    assets: changes.assets ?? base.assets,
    factors: {
      duration: changes.duration ?? base.factors.duration,
      credit: { ...base.factors.credit, ...changes.credit },
      liquidity: changes.liquidity ?? { target: 'U', min: 1, max: 100 },
    },
    constraints: { ...base.constraints, ...changes.constraints },
  };
}

describe('constructing a bond portfolio (SPEC 7)', () => {
  it('holds 25 bonds in round lots inside every limit, with little cash', () => {
    const strategy = strategyWith({});
    const portfolio = constructBondPortfolio(highs, market, strategy, taxData);
    expect(portfolio.positions).toHaveLength(CONSTRUCTION.targetHoldings);
    expect(portfolio.positions.every((position) => position.par % 5_000 === 0)).toBe(true);
    expect(constraintViolations(market, portfolio, strategy)).toEqual([]);
    const invested = portfolio.positions.reduce((sum, position) => sum + position.marketValue, 0);
    expect(invested + portfolio.cash).toBeCloseTo(taxData.initial_investment_amount, 6);
    expect(portfolio.cash).toBeLessThan(0.05 * taxData.initial_investment_amount);
  });

  it('prefers what the client keeps after tax: in-state municipal bonds for a resident', () => {
    const strategy = strategyWith({
      assets: { type: 'select', municipals: true, corporates: false, treasuries: false },
    });
    const resident: TaxData = { ...taxData, tax_rate: 37, tax_residency: 'CA' };
    const portfolio = constructBondPortfolio(highs, market, strategy, resident);
    const inState = portfolio.positions.filter(
      (position) => market.bonds.state[position.bond] === 'CA',
    );
    expect(inState.length).toBeGreaterThan(portfolio.positions.length / 2);
  });

  it('keeps every limit for strategies drawn at random (property)', () => {
    const random = seededRandom(11);
    const placements = ['Short', 'Intermediate', 'Long'] as const;
    let built = 0;
    for (let draw = 0; draw < 12; draw++) {
      const placement = random.pick(placements);
      const band = DURATION_RANGES[placement];
      const low = band.min + random.next() * (band.max - band.min) * 0.5;
      const muni = random.int(0, 100);
      const corp = random.int(Math.max(0, 100 - muni), 100);
      const strategy = strategyWith({
        assets: {
          type: 'max_allocation',
          muni_max_pct: muni,
          corp_max_pct: corp,
          tsry_max_pct: random.int(0, 100),
        },
        duration: { placement, min: Math.round(low * 10) / 10, max: band.max },
        credit: {
          credit_universe: random.pick(CREDIT_UNIVERSE.slice(0, 8)),
          max_aa_pct: random.int(20, 100),
          max_a_pct: random.int(10, 100),
          max_bbb_pct: random.int(0, 100),
        },
        liquidity: random.pick([
          { target: 'U', min: 1, max: 100 },
          { target: 'P', min: random.int(20, 60), max: 100 },
          { target: 'H', min: random.int(10, 40), max: 100 },
        ] as const),
        constraints: {
          excluded_corporate_sectors: [random.pick(['Energy', 'Tobacco', 'Financials'])],
        },
      });
      try {
        const portfolio = constructBondPortfolio(highs, market, strategy, taxData);
        expect(constraintViolations(market, portfolio, strategy), JSON.stringify(strategy)).toEqual(
          [],
        );
        built += 1;
      } catch (error) {
        expect(error, JSON.stringify(strategy)).toBeInstanceOf(InfeasibleStrategyError);
      }
    }
    expect(built).toBeGreaterThan(6);
  });
});

describe('a strategy no portfolio can meet (SPEC 7.8)', () => {
  it('names the limits that conflict, and what made bonds eligible', () => {
    // Treasuries all trade above 90, so a range that stops at 80 leaves none for the 10 % the
    // other two classes cannot take.
    const strategy = strategyWith({ liquidity: { target: 'H', min: 20, max: 80 } });
    expect(() => constructBondPortfolio(highs, market, strategy, taxData)).toThrow(
      /^At most 60 % municipal with at most 30 % corporate with no eligible treasury bond cannot be met among \d+ eligible bonds rated A or better, liquidity 20-80, outside the excluded sectors and issuers\.$/,
    );
  });

  it('says so when too few bonds are eligible', () => {
    const strategy = strategyWith({
      assets: { type: 'select', municipals: true, corporates: false, treasuries: false },
      liquidity: { target: 'H', min: 97, max: 100 },
    });
    expect(() => constructBondPortfolio(highs, market, strategy, taxData)).toThrow(
      /^Only 0 eligible bonds rated A or better, liquidity 97-100, outside the excluded sectors and issuers; a portfolio needs at least 15\.$/,
    );
  });
});

describe('what the portfolio is (SPEC 8)', () => {
  const strategy = strategyWith({});
  const portfolio = constructBondPortfolio(highs, market, strategy, taxData);
  const analytics = portfolioAnalytics(market, portfolio, strategy, taxData);

  it('fills the contract’s bond result', () => {
    const result = {
      timeframe: 'today',
      ...analytics,
      attributes: { ...analytics.attributes, tax_loss_harvested_value: 0 },
      tax_loss_value: 0,
    };
    expect(BondSimulationResultSchema.parse(result)).toEqual(result);
  });

  it('adds every share table up to the whole portfolio', () => {
    const sum = (table: Record<string, number>) =>
      Object.values(table).reduce((total, share) => total + share, 0);
    expect(sum(analytics.attributes.asset_class_composition)).toBeCloseTo(100, 2);
    expect(sum(analytics.ratings_exposure)).toBeCloseTo(100, 2);
    expect(sum(analytics.sector_exposure)).toBeCloseTo(100, 2);
    expect(sum(analytics.duration_exposure)).toBeCloseTo(100, 2);
  });

  it('loses value as rates rise and gains as they fall, never more than its calls allow', () => {
    const change = Object.fromEntries(
      analytics.rate_change_sensitivity.map((row) => [row.rate_change_bps, row.value_change]),
    );
    expect(change[100]).toBeLessThan(0);
    expect(change[-100]).toBeGreaterThan(0);
    // Priced to worst at each shift (SPEC 8.6), a position is never worth more than along
    // today's worst redemption's flows: the issuer's calls only take away. First order, a 1 %
    // rise costs at least about the duration in percent.
    const { bonds, asOf } = market;
    const alongToday = (shift: number) =>
      portfolio.positions.reduce((sum, position) => {
        const bond = position.bond;
        const flows = cashFlows(
          {
            couponRate: bonds.coupon[bond] as number,
            maturity: bonds.maturity[bond] as number,
            dated: bonds.dated[bond] as number,
          },
          asOf,
          { day: bonds.worstDay[bond] as number, price: 100 },
        );
        return sum + (position.par / 100) * dirtyPrice(flows, (bonds.ytw[bond] as number) + shift);
      }, 0);
    for (const { rate_change_bps: bps, value_change } of analytics.rate_change_sensitivity) {
      const bound = (alongToday(bps / 10_000) / alongToday(0) - 1) * 100;
      expect(value_change, `${bps} bp`).toBeLessThanOrEqual(bound + 1e-4);
    }
    expect(-(change[100] as number)).toBeGreaterThan(analytics.attributes.duration - 0.5);
  });

  it('receives every bond’s face value back over the years', () => {
    const { cash_flows, taxes } = analytics.tax_cash_flows;
    const face = portfolio.positions.reduce((sum, position) => sum + position.par, 0);
    const coupons = cash_flows.reduce((sum, flow) => sum + flow, 0) - face;
    expect(coupons).toBeGreaterThan(0);
    expect(taxes.every((tax) => tax >= 0)).toBe(true);
    expect(taxes.reduce((sum, tax) => sum + tax, 0)).toBeLessThan(coupons);
  });
});
