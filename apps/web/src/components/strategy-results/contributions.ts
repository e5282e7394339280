import type { BondSimulationResult, PositionContribution } from '@ballast/contract';
import { formatPercent, formatSignedPercent, formatUsd, formatYears } from '../../lib/format.ts';
import { shiftKey, shiftLabel } from './headline-figures.ts';

/** One position's part of a figure. */
export type Part = { cusip: string; weight: number; value: number };

/**
 * A headline figure with the parts it is the sum of (SPEC 8.8): what the figure is, how a
 * position's part is found, and each position's part, largest first.
 */
export type ExplainedFigure = {
  /** The key of the same figure in `headlineFigures`. */
  key: string;
  label: string;
  total: number;
  /** Decimal places the engine rounds the figure and its parts to. */
  places: number;
  /** The figure as the headline shows it. */
  formatTotal(value: number): string;
  /** A part, to the places it is rounded to, so the parts visibly add up. */
  formatPart(value: number): string;
  howMade: string;
  parts: Part[];
};

const byMagnitude = (a: Part, b: Part) =>
  Math.abs(b.value) - Math.abs(a.value) || a.cusip.localeCompare(b.cusip);

/** The sum of the parts at the places they are rounded to, free of binary fractions' noise. */
export function sumOfParts(figure: Pick<ExplainedFigure, 'parts' | 'places'>): number {
  const scale = 10 ** figure.places;
  return Math.round(figure.parts.reduce((sum, part) => sum + part.value * scale, 0)) / scale;
}

/**
 * The figures a bond result explains position by position: yield, tax-equivalent yield,
 * after-tax cash flow, duration and the value change at each rate shift. Empty for a result
 * stored before the engine reported contributions.
 */
export function explainedFigures(result: BondSimulationResult): ExplainedFigure[] {
  const contributions = result.contributions;
  if (!contributions || contributions.length === 0) return [];
  const { attributes } = result;
  const parts = (value: (part: PositionContribution) => number) =>
    contributions
      .map((part) => ({ cusip: part.cusip, weight: part.weight, value: value(part) }))
      .sort(byMagnitude);
  const percentPart = (value: number) => formatPercent(value, 4);
  return [
    {
      key: 'portfolio_yield',
      label: 'Portfolio yield',
      total: attributes.portfolio_yield,
      places: 4,
      formatTotal: (value) => formatPercent(value),
      formatPart: percentPart,
      howMade: 'Each position adds its weight times its yield to worst.',
      parts: parts((part) => part.portfolio_yield),
    },
    {
      key: 'tax_equivalent_yield',
      label: 'Tax-equivalent yield',
      total: attributes.tax_equivalent_yield,
      places: 4,
      formatTotal: (value) => formatPercent(value),
      formatPart: percentPart,
      howMade:
        'Each position adds its weight times its after-tax yield, grossed up to the yield a fully taxable bond would need to pay the same.',
      parts: parts((part) => part.tax_equivalent_yield),
    },
    {
      key: 'after_tax_cash_flow',
      label: 'After-tax cash flow',
      total: attributes.after_tax_cash_flow,
      places: 2,
      formatTotal: (value) => formatUsd(value),
      formatPart: (value) => formatUsd(value),
      howMade: "Each position adds a year's coupons on the face it holds, after the tax on them.",
      parts: parts((part) => part.after_tax_cash_flow),
    },
    {
      key: 'duration',
      label: 'Duration',
      total: attributes.duration,
      places: 4,
      formatTotal: (value) => `${formatYears(value)} yrs`,
      formatPart: (value) => `${value.toFixed(4)} yrs`,
      howMade: 'Each position adds its weight times its modified duration.',
      parts: parts((part) => part.duration),
    },
    ...result.rate_change_sensitivity.map((shift) => {
      const label = shiftLabel(shift.rate_change_bps);
      return {
        key: shiftKey(shift.rate_change_bps),
        label: `Rate shock ${label}`,
        total: shift.value_change,
        places: 4,
        formatTotal: (value: number) => formatSignedPercent(value),
        formatPart: (value: number) => formatSignedPercent(value, 4),
        howMade: `Each position adds its own change in value when rates move ${label}, as a share of the portfolio's value today.`,
        parts: parts(
          (part) =>
            part.rate_change_sensitivity.find(
              (row) => row.rate_change_bps === shift.rate_change_bps,
            )?.value_change ?? 0,
        ),
      };
    }),
  ];
}
