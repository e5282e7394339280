import {
  type BondSimulationResult,
  CREDIT_UNIVERSE,
  type CreditRating,
  type SimulationResult,
} from '@ballast/contract';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatDate, formatPercent, formatUsd, formatYears, MISSING } from '../../lib/format.ts';
import { ASSET_CLASS_LABELS } from './labels.ts';

type AssetClass = keyof typeof ASSET_CLASS_LABELS;

/**
 * One position the engine chose, as far as the result describes it. The contributions of
 * SPEC 8.8 carry each position's CUSIP, its bond's terms, its own yield to worst, tax-equivalent
 * yield and duration, and its weight. A result stored before the engine reported contributions
 * names only CUSIPs and weights (the backtest's holdings); one stored before it reported the
 * terms and own figures lacks those, and its yields and duration are then its part of each
 * figure over its weight, which can be a basis point or more off for a small position as both
 * are rounded.
 */
export type BondHolding = {
  cusip: string;
  issuer: string | null;
  assetClass: AssetClass | null;
  /** Annual coupon rate, percent. */
  coupon: number | null;
  /** ISO date. */
  maturity: string | null;
  /** ISO date; null when the issuer can no longer call or the result does not say. */
  nextCall: string | null;
  rating: CreditRating | null;
  /** Percent of the bonds' market value. */
  weight: number;
  /** Percent. */
  yieldToWorst: number | null;
  taxEquivalentYield: number | null;
  /** Dollars a year. */
  afterTaxCashFlow: number | null;
  /** Years. */
  duration: number | null;
};

/** The positions, largest weight first. */
export function bondHoldings(
  result: BondSimulationResult,
  backtest: SimulationResult | undefined,
): BondHolding[] {
  const contributions = result.contributions ?? [];
  const holdings: BondHolding[] =
    contributions.length > 0
      ? contributions.map((part) => {
          const perWeight = (value: number) =>
            part.weight > 0 ? (value * 100) / part.weight : null;
          return {
            cusip: part.cusip,
            issuer: part.issuer ?? null,
            assetClass: part.asset_class ?? null,
            coupon: part.coupon ?? null,
            maturity: part.maturity ?? null,
            nextCall: part.next_call ?? null,
            rating: part.rating ?? null,
            weight: part.weight,
            yieldToWorst: part.yield_to_worst ?? perWeight(part.portfolio_yield),
            taxEquivalentYield:
              part.bond_tax_equivalent_yield ?? perWeight(part.tax_equivalent_yield),
            afterTaxCashFlow: part.after_tax_cash_flow,
            duration: part.bond_duration ?? perWeight(part.duration),
          };
        })
      : Object.entries(backtest?.holdings ?? {}).map(([cusip, weight]) => ({
          cusip,
          issuer: null,
          assetClass: null,
          coupon: null,
          maturity: null,
          nextCall: null,
          rating: null,
          weight,
          yieldToWorst: null,
          taxEquivalentYield: null,
          afterTaxCashFlow: null,
          duration: null,
        }));
  return holdings.sort((a, b) => b.weight - a.weight || a.cusip.localeCompare(b.cusip));
}

export type BondHoldingColumn = {
  key: keyof BondHolding;
  header: string;
  numeric: boolean;
  format(holding: BondHolding): string;
  /** What the column sorts by, when not its value. */
  sortValue?(holding: BondHolding): number | string | null;
  /** What the CSV holds, when not its value. */
  csvValue?(holding: BondHolding): string | null;
};

const assetClassLabel = (holding: BondHolding) =>
  holding.assetClass ? ASSET_CLASS_LABELS[holding.assetClass] : null;

export const BOND_HOLDING_COLUMNS: BondHoldingColumn[] = [
  { key: 'cusip', header: 'CUSIP', numeric: false, format: (holding) => holding.cusip },
  {
    key: 'issuer',
    header: 'Issuer',
    numeric: false,
    format: (holding) => holding.issuer ?? MISSING,
  },
  {
    key: 'assetClass',
    header: 'Asset class',
    numeric: false,
    format: (holding) => assetClassLabel(holding) ?? MISSING,
    // By what the reader sees, and in the CSV too: "munis_in_state" means nothing in a sheet.
    sortValue: assetClassLabel,
    csvValue: assetClassLabel,
  },
  {
    key: 'coupon',
    header: 'Coupon',
    numeric: true,
    // Coupons run in eighths of a percent: two places would turn 4.375 into 4.38.
    format: (holding) => formatPercent(holding.coupon, 3),
  },
  {
    key: 'maturity',
    header: 'Maturity',
    numeric: false,
    format: (holding) => formatDate(holding.maturity),
  },
  {
    key: 'nextCall',
    header: 'Next call',
    numeric: false,
    format: (holding) => formatDate(holding.nextCall),
  },
  {
    key: 'rating',
    header: 'Rating',
    numeric: false,
    format: (holding) => holding.rating ?? MISSING,
    // Best notch first, not the alphabet's order (which puts A+ before AA).
    sortValue: (holding) => (holding.rating ? CREDIT_UNIVERSE.indexOf(holding.rating) : null),
  },
  {
    key: 'weight',
    header: 'Weight',
    numeric: true,
    format: (holding) => formatPercent(holding.weight),
  },
  {
    key: 'yieldToWorst',
    header: 'Yield to worst',
    numeric: true,
    format: (holding) => formatPercent(holding.yieldToWorst),
  },
  {
    key: 'taxEquivalentYield',
    header: 'Tax-equivalent yield',
    numeric: true,
    format: (holding) => formatPercent(holding.taxEquivalentYield),
  },
  {
    key: 'afterTaxCashFlow',
    header: 'After-tax cash flow',
    numeric: true,
    format: (holding) => formatUsd(holding.afterTaxCashFlow),
  },
  {
    key: 'duration',
    header: 'Duration (yrs)',
    numeric: true,
    format: (holding) => formatYears(holding.duration),
  },
];

/** The CSV keeps full precision and plain numbers, so a spreadsheet can compute with them. */
export const BOND_HOLDING_CSV_COLUMNS: CsvColumn<BondHolding>[] = BOND_HOLDING_COLUMNS.map(
  (column) => ({
    header: column.header,
    value: (holding) => (column.csvValue ? column.csvValue(holding) : holding[column.key]),
  }),
);
