import type { BondSimulationResult } from '@ballast/contract';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatPercent, formatUsd, formatYears } from '../../lib/format.ts';

/**
 * One position the engine chose, as far as the result describes it: the contributions of
 * SPEC 8.8 carry each position's CUSIP and weight, and its yield to worst, after-tax yield and
 * duration follow from its share of each figure over its weight.
 */
export type BondHolding = {
  cusip: string;
  /** Percent of the bonds' market value. */
  weight: number;
  /** Percent; the position's part of the portfolio yield over its weight. */
  yieldToWorst: number;
  taxEquivalentYield: number;
  /** Dollars a year. */
  afterTaxCashFlow: number;
  /** Years. */
  duration: number;
};

export function bondHoldings(result: BondSimulationResult): BondHolding[] {
  return (result.contributions ?? []).map((part) => {
    const share = part.weight / 100;
    return {
      cusip: part.cusip,
      weight: part.weight,
      yieldToWorst: share > 0 ? part.portfolio_yield / share : 0,
      taxEquivalentYield: share > 0 ? part.tax_equivalent_yield / share : 0,
      afterTaxCashFlow: part.after_tax_cash_flow,
      duration: share > 0 ? part.duration / share : 0,
    };
  });
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
    header: 'Duration',
    numeric: true,
    format: (holding) => formatYears(holding.duration),
  },
];

/** The CSV keeps full precision and plain numbers, so a spreadsheet can compute with them. */
export const BOND_HOLDING_CSV_COLUMNS: CsvColumn<BondHolding>[] = BOND_HOLDING_COLUMNS.map(
  (column) => ({ header: column.header, value: (holding) => holding[column.key] }),
);
