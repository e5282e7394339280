import type { BondSimulationResult, SimulationResult } from '@ballast/contract';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatPercent, formatUsd, formatYears } from '../../lib/format.ts';

/**
 * One position the engine chose, as far as the result describes it. The contributions of
 * SPEC 8.8 carry each position's CUSIP and weight; its yield to worst, after-tax yield grossed
 * up and duration are its part of each figure over its weight. A result stored before the
 * engine reported contributions names only CUSIPs and weights (the backtest's holdings).
 */
export type BondHolding = {
  cusip: string;
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
            weight: part.weight,
            yieldToWorst: perWeight(part.portfolio_yield),
            taxEquivalentYield: perWeight(part.tax_equivalent_yield),
            afterTaxCashFlow: part.after_tax_cash_flow,
            duration: perWeight(part.duration),
          };
        })
      : Object.entries(backtest?.holdings ?? {}).map(([cusip, weight]) => ({
          cusip,
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
};

export const BOND_HOLDING_COLUMNS: BondHoldingColumn[] = [
  { key: 'cusip', header: 'CUSIP', numeric: false, format: (holding) => holding.cusip },
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
  (column) => ({ header: column.header, value: (holding) => holding[column.key] }),
);
