import {
  type BondSimulationResult,
  type BondStrategy,
  CREDIT_UNIVERSE,
  type CreditRating,
  type TaxData,
} from '@ballast/contract';
import { cashFlows } from '../bonds/cash-flows.ts';
import { formatIsoDate, toCivil } from '../dates.ts';
import { BOND_CLASSES, type BondClass, type MarketData } from '../market/market-data.ts';
import { nextCallDay, worstAt, worstCandidates } from '../market/price-to-worst.ts';
import {
  afterTaxYieldOf,
  combinedRate,
  discountTaxOf,
  exemptions,
  keptShareOf,
  type TaxRates,
  taxEquivalentYield,
  taxRatesOf,
} from '../tax/after-tax-yield.ts';
import type { ConstructedPortfolio } from './construct-portfolio.ts';
import {
  type Candidate,
  classLimit,
  RATING_BUCKETS,
  REPORTED_CLASSES,
  type ReportedClass,
  ratingBucketOf,
} from './eligible-bonds.ts';

/** Basis-point shifts of the whole curve the sensitivity table shows (SPEC 8.6). */
export const RATE_SHIFTS_BPS = [-300, -200, -100, 100, 200, 300] as const;

/** The figures of a constructed portfolio that need no history (SPEC 8). */
export type PortfolioAnalytics = Omit<
  BondSimulationResult,
  'timeframe' | 'tax_loss_value' | 'attributes'
> & {
  attributes: Omit<BondSimulationResult['attributes'], 'tax_loss_harvested_value'>;
};

const percent = (share: number) => Math.round(share * 1e6) / 1e4;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * What a constructed portfolio is (SPEC 8): its yield before and after tax, income, rating,
 * duration, liquidity and make-up, the universe it was chosen from, its exposures, how its value
 * moves with rates, its cash flows and taxes by year, and what each position adds to each
 * headline figure (SPEC 8.8). Shares are of the bonds' market value.
 */
export function portfolioAnalytics(
  market: MarketData,
  portfolio: ConstructedPortfolio,
  strategy: BondStrategy,
  taxData: TaxData,
): PortfolioAnalytics {
  const { bonds, asOf } = market;
  const rates = taxRatesOf(taxData);
  const total = portfolio.positions.reduce((sum, position) => sum + position.marketValue, 0);
  const weighted = (field: (bond: number) => number) =>
    portfolio.positions.reduce(
      (sum, position) => sum + (field(position.bond) * position.marketValue) / total,
      0,
    );
  // Each headline figure is the sum of its positions' parts (SPEC 8.8), each part the position's
  // weight times its bond's own figure; the parts come first.
  const parts = portfolio.positions.map((position) => {
    const { bond } = position;
    const weight = position.marketValue / total;
    const own = {
      yieldToWorst: bonds.ytw[bond] as number,
      taxEquivalentYield: taxEquivalentYield(afterTaxYieldOf(bonds, bond, rates, asOf), rates),
      duration: bonds.duration[bond] as number,
    };
    return {
      own,
      weight,
      portfolioYield: weight * own.yieldToWorst,
      taxEquivalentYield: weight * own.taxEquivalentYield,
      afterTaxCashFlow:
        position.par * (bonds.coupon[bond] as number) * keptShareOf(bonds, bond, rates),
      duration: weight * own.duration,
    };
  });
  const shifts = rateSensitivity(market, portfolio);
  const shares = <Key extends string>(keyOf: (bond: number) => Key) => {
    const table: Record<string, number> = {};
    for (const position of portfolio.positions) {
      const key = keyOf(position.bond);
      table[key] = (table[key] ?? 0) + position.marketValue / total;
    }
    return table as Partial<Record<Key, number>>;
  };
  const reportedClassOf = (bond: number) => reportedClass(market, bond, rates);
  const composition = shares(reportedClassOf);
  const ratings = shares((bond) => ratingBucketOf(bonds.rating[bond] as number));
  const sectors = shares((bond) => bonds.sector[bond] as string);
  const durations = shares((bond) => durationBucket(bonds.duration[bond] as number));

  const figures = {
    weight: apportion(
      parts.map((entry) => entry.weight * 100),
      CONTRIBUTION_PLACES.weight,
    ),
    portfolioYield: apportion(
      parts.map((entry) => entry.portfolioYield * 100),
      CONTRIBUTION_PLACES.yield,
    ),
    taxEquivalentYield: apportion(
      parts.map((entry) => entry.taxEquivalentYield * 100),
      CONTRIBUTION_PLACES.yield,
    ),
    afterTaxCashFlow: apportion(
      parts.map((entry) => entry.afterTaxCashFlow),
      CONTRIBUTION_PLACES.cashFlow,
    ),
    duration: apportion(
      parts.map((entry) => entry.duration),
      CONTRIBUTION_PLACES.duration,
    ),
    valueChanges: shifts.map((shift) =>
      apportion(
        shift.changes.map((change) => change * 100),
        CONTRIBUTION_PLACES.yield,
      ),
    ),
  };
  const sumRounded = (values: readonly number[], places: number) =>
    round(
      values.reduce((sum, value) => sum + value, 0),
      places,
    );

  return {
    attributes: {
      portfolio_yield: sumRounded(figures.portfolioYield, CONTRIBUTION_PLACES.yield),
      tax_equivalent_yield: sumRounded(figures.taxEquivalentYield, CONTRIBUTION_PLACES.yield),
      after_tax_cash_flow: sumRounded(figures.afterTaxCashFlow, CONTRIBUTION_PLACES.cashFlow),
      avg_rating:
        CREDIT_UNIVERSE[Math.round(weighted((bond) => bonds.rating[bond] as number))] ?? 'AAA',
      duration: sumRounded(figures.duration, CONTRIBUTION_PLACES.duration),
      liquidity: round(
        weighted((bond) => bonds.liquidity[bond] as number),
        2,
      ),
      asset_class_composition: Object.fromEntries(
        REPORTED_CLASSES.map((name) => [name, percent(composition[name] ?? 0)]),
      ) as BondSimulationResult['attributes']['asset_class_composition'],
    },
    investable_universe: investableUniverse(portfolio.candidates, strategy, rates, market),
    ratings_exposure: Object.fromEntries(
      RATING_BUCKETS.map((bucket) => [bucket, percent(ratings[bucket] ?? 0)]),
    ) as BondSimulationResult['ratings_exposure'],
    sector_exposure: Object.fromEntries(
      Object.entries(sectors).map(([sector, share]) => [sector, percent(share ?? 0)]),
    ),
    duration_exposure: {
      three_or_less: percent(durations.three_or_less ?? 0),
      three_to_seven: percent(durations.three_to_seven ?? 0),
      seven_to_ten: percent(durations.seven_to_ten ?? 0),
      ten_or_more: percent(durations.ten_or_more ?? 0),
    },
    rate_change_sensitivity: shifts.map((shift, k) => ({
      rate_change_bps: shift.bps,
      value_change: sumRounded(figures.valueChanges[k] ?? [], CONTRIBUTION_PLACES.yield),
    })),
    tax_cash_flows: taxCashFlows(market, portfolio, rates),
    tax_rates: {
      aggregate: percent(combinedRate(rates)),
      federal: percent(rates.federal),
      state: percent(rates.state),
    },
    contributions: portfolio.positions.map((position, i) => ({
      cusip: bonds.cusip[position.bond] as string,
      ...bondTerms(market, position.bond, rates),
      ...ownFigures(market, position.bond, (parts[i] as (typeof parts)[number]).own),
      weight: figures.weight[i] as number,
      portfolio_yield: figures.portfolioYield[i] as number,
      tax_equivalent_yield: figures.taxEquivalentYield[i] as number,
      after_tax_cash_flow: figures.afterTaxCashFlow[i] as number,
      duration: figures.duration[i] as number,
      rate_change_sensitivity: shifts.map((shift, k) => ({
        rate_change_bps: shift.bps,
        value_change: figures.valueChanges[k]?.[i] as number,
      })),
    })),
  };
}

/**
 * Decimal places of each figure and its contributions: percentages to four, as every share of a
 * result; dollars to cents; durations to four; a bond's price per 100 of face to four.
 */
const CONTRIBUTION_PLACES = { weight: 4, yield: 4, cashFlow: 2, duration: 4, price: 4 } as const;

/**
 * Rounds each value to `places` so that the rounded values add up to the rounded total
 * (SPEC 8.8): each is rounded down, and the units the total still lacks go to the largest
 * remainders (the largest remainder method), ties to the earlier position.
 */
export function apportion(values: readonly number[], places: number): number[] {
  const scale = 10 ** places;
  // A value a hair below a whole unit in binary is that unit, not one less.
  const floors = values.map((value) => Math.floor(value * scale + 1e-6));
  const target = Math.round(values.reduce((sum, value) => sum + value, 0) * scale);
  const missing = target - floors.reduce((sum, floor) => sum + floor, 0);
  const order = values
    .map((value, i) => ({ i, remainder: value * scale - (floors[i] as number) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; k < missing; k++) {
    const index = (order[k] as { i: number }).i;
    floors[index] = (floors[index] as number) + 1;
  }
  return floors.map((units) => units / scale);
}

/**
 * The bond a position holds, in the market's own terms (SPEC 8.8): whoever reads a result has
 * no market to look its CUSIPs up in, and the holdings table shows these beside the figures.
 */
function bondTerms(market: MarketData, bond: number, rates: TaxRates) {
  const { bonds, asOf } = market;
  const nextCall = nextCallDay(
    bonds.firstCall[bond] as number,
    asOf,
    bonds.maturity[bond] as number,
  );
  return {
    issuer: bonds.issuer[bond] as string,
    coupon: percent(bonds.coupon[bond] as number),
    maturity: formatIsoDate(bonds.maturity[bond] as number),
    rating: CREDIT_UNIVERSE[bonds.rating[bond] as number] as CreditRating,
    next_call: nextCall < 0 ? null : formatIsoDate(nextCall),
    asset_class: reportedClass(market, bond, rates),
  };
}

/**
 * The bond's own figures, whose weighted shares are the position's parts (SPEC 8.8). Reported
 * apart because a rounded part over a rounded weight misses them by the rounding of both: up to
 * a basis point for a 1 % position, more for a smaller one.
 */
function ownFigures(
  market: MarketData,
  bond: number,
  own: { yieldToWorst: number; taxEquivalentYield: number; duration: number },
) {
  return {
    yield_to_worst: percent(own.yieldToWorst),
    bond_tax_equivalent_yield: percent(own.taxEquivalentYield),
    bond_duration: round(own.duration, CONTRIBUTION_PLACES.duration),
    price: round(market.bonds.price[bond] as number, CONTRIBUTION_PLACES.price),
  };
}

function reportedClass(market: MarketData, bond: number, rates: TaxRates): ReportedClass {
  const bondClass = BOND_CLASSES[market.bonds.bondClass[bond] as number];
  if (bondClass === 'corporate') return 'corporates';
  if (bondClass === 'treasury') return 'treasuries';
  return market.bonds.state[bond] === rates.residency ? 'munis_in_state' : 'munis_national';
}

/** Duration buckets of SPEC 8.5: a bond of exactly 3, 7 or 10 years falls in the lower one. */
function durationBucket(duration: number) {
  if (duration <= 3) return 'three_or_less';
  if (duration <= 7) return 'three_to_seven';
  if (duration <= 10) return 'seven_to_ten';
  return 'ten_or_more';
}

/**
 * Per reported class, the averages of the bonds the strategy could choose from (SPEC 8.3):
 * every eligible bond of the class, whether or not the optimiser took it.
 */
function investableUniverse(
  candidates: readonly Candidate[],
  strategy: BondStrategy,
  rates: TaxRates,
  market: MarketData,
): BondSimulationResult['investable_universe'] {
  const entry = (name: ReportedClass) => {
    const members = candidates.filter((candidate) => candidate.reportedClass === name);
    const mean = (field: (candidate: Candidate) => number) =>
      members.length === 0
        ? 0
        : members.reduce((sum, candidate) => sum + field(candidate), 0) / members.length;
    const bondClass: BondClass =
      name === 'corporates' ? 'corporate' : name === 'treasuries' ? 'treasury' : 'municipal';
    const exempt = exemptions(
      bondClass,
      name === 'munis_in_state' ? rates.residency : '',
      rates.residency,
    );
    return {
      duration: round(
        mean((candidate) => candidate.duration),
        4,
      ),
      instrument_yield: percent(mean((candidate) => market.bonds.ytw[candidate.bond] as number)),
      liquidity: round(
        mean((candidate) => candidate.liquidity),
        2,
      ),
      sel: classLimit(strategy.assets, bondClass) > 0,
      fed_tax_exempt: exempt.federal,
      state_tax_exempt_rate: exempt.state ? percent(rates.state) : 0,
      tax_equivalent_yield: percent(
        taxEquivalentYield(
          mean((candidate) => candidate.afterTaxYield),
          rates,
        ),
      ),
    };
  };
  return {
    munis_national: entry('munis_national'),
    munis_in_state: entry('munis_in_state'),
    corporates: entry('corporates'),
    treasuries: entry('treasuries'),
  };
}

/**
 * Each position's change in value, as a fraction of the portfolio's value, when every bond's
 * yield moves by each shift: each position repriced to worst at its shifted yield, the lowest
 * price over maturity and its calls (SPEC 8.6), so a bond priced to its call is priced to
 * maturity once rates rise far enough. The portfolio's change is their sum (SPEC 8.8).
 */
function rateSensitivity(market: MarketData, portfolio: ConstructedPortfolio) {
  const { bonds, asOf } = market;
  const streams = portfolio.positions.map((position) => ({
    candidates: worstCandidates(
      {
        coupon: bonds.coupon[position.bond] as number,
        dated: bonds.dated[position.bond] as number,
        maturity: bonds.maturity[position.bond] as number,
        firstCall: bonds.firstCall[position.bond] as number,
        callPrice: bonds.callPrice[position.bond] as number,
      },
      asOf,
    ),
    rate: bonds.ytw[position.bond] as number,
    units: position.par / 100,
  }));
  const values = (shift: number) =>
    streams.map(
      (stream) =>
        stream.units * worstAt(stream.candidates, Math.max(stream.rate + shift, -0.99)).dirty,
    );
  const base = values(0);
  const total = base.reduce((sum, value) => sum + value, 0);
  return RATE_SHIFTS_BPS.map((bps) => ({
    bps,
    changes: values(bps / 10_000).map((value, i) => (value - (base[i] as number)) / total),
  }));
}

/**
 * Coupons and redemptions the portfolio receives each calendar year until its last bond
 * redeems, the tax on the coupons, and in the year a bond bought at a discount redeems, the
 * tax on its discount (SPEC 8.7): the taxes the after-tax yield counts (SPEC 6.5). A premium
 * is returned capital.
 */
function taxCashFlows(market: MarketData, portfolio: ConstructedPortfolio, rates: TaxRates) {
  const { bonds, asOf } = market;
  const byYear = new Map<number, { cash: number; taxes: number }>();
  for (const position of portfolio.positions) {
    const bond = position.bond;
    const worst = bonds.worstDay[bond] as number;
    const terms = {
      couponRate: bonds.coupon[bond] as number,
      maturity: bonds.maturity[bond] as number,
      dated: bonds.dated[bond] as number,
    };
    const flows = cashFlows(terms, asOf, { day: worst, price: 100 });
    const taxRate = 1 - keptShareOf(bonds, bond, rates);
    const units = position.par / 100;
    const discountTax = discountTaxOf(bonds, bond, rates, asOf) * units;
    const last = flows.times.length - 1;
    for (let i = 0; i <= last; i++) {
      // Coupon dates are half-years apart from the first; the calendar year follows from that.
      const day = asOf + Math.round(((flows.times[i] as number) * 365.25) / 2);
      const year = toCivil(day).year;
      const amount = (flows.amounts[i] as number) * units;
      const coupon = i === last ? amount - 100 * units : amount;
      const entry = byYear.get(year) ?? { cash: 0, taxes: 0 };
      entry.cash += amount;
      entry.taxes += coupon * taxRate + (i === last ? discountTax : 0);
      byYear.set(year, entry);
    }
  }
  const years = [...byYear.keys()].sort((a, b) => a - b);
  return {
    years,
    cash_flows: years.map((year) => round(byYear.get(year)?.cash ?? 0, 2)),
    taxes: years.map((year) => round(byYear.get(year)?.taxes ?? 0, 2)),
  };
}
