import type { BondStrategy, Strategy, TaxData, TokenStrategy } from '@ballast/contract';
import { formatPercent, formatUsd } from '../../lib/format.ts';

/** The summaries GET /strategy-styles gives each style, for a label that needs no call. */
const STYLE_NAMES: Record<Strategy['style'], string> = {
  B: 'Fixed income',
  D: 'Digital-asset index',
  A: 'Active token strategy',
  F: 'Fixed-weight token basket',
};

type Fact = { label: string; value: string };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function bondFacts(strategy: BondStrategy): Fact[] {
  const { assets, factors, tax_options } = strategy;
  const allocation =
    assets.type === 'max_allocation'
      ? `Max munis ${assets.muni_max_pct}%, corporates ${assets.corp_max_pct}%, treasuries ${assets.tsry_max_pct}%`
      : [
          assets.municipals && 'Municipals',
          assets.corporates && 'Corporates',
          assets.treasuries && 'Treasuries',
        ]
          .filter(Boolean)
          .join(', ');
  const { duration, credit, liquidity } = factors;
  return [
    { label: 'Assets', value: allocation },
    {
      label: 'Duration',
      value: `${duration.placement} (${duration.min}–${duration.max} years)`,
    },
    {
      label: 'Credit',
      value: `${credit.credit_universe} and above; max AA ${credit.max_aa_pct}%, A ${credit.max_a_pct}%, BBB ${credit.max_bbb_pct}%`,
    },
    { label: 'Liquidity', value: `${liquidity.target} (${liquidity.min}–${liquidity.max})` },
    {
      label: 'Tax-loss harvesting',
      value: tax_options.tax_loss_harvest ? `Yes, ${tax_options.tax_accounting_method}` : 'No',
    },
  ];
}

function tokenFacts(strategy: TokenStrategy): Fact[] {
  return [
    {
      label: 'Assets',
      value:
        strategy.assets.length > 0
          ? strategy.assets.map((asset) => `${asset.instrument} ${asset.target_pct}%`).join(', ')
          : 'Chosen from the universe by the methodology',
    },
    { label: 'Universe', value: strategy.token_universe },
    {
      label: 'Rebalancing',
      value: `${strategy.calculation_methodology}, ${strategy.recalculation_frequency}`,
    },
    {
      label: 'Tax-loss harvesting',
      value: strategy.tax_options.tax_loss_harvest
        ? `Yes, ${strategy.tax_options.tax_accounting_method}`
        : 'No',
    },
    { label: 'Staking', value: yesNo(strategy.tax_options.staking) },
  ];
}

function taxFacts(tax: TaxData): Fact[] {
  return [
    { label: 'Initial investment', value: formatUsd(tax.initial_investment_amount) },
    { label: 'Tax rate', value: formatPercent(tax.tax_rate, 0) },
    { label: 'Tax residency', value: tax.tax_residency },
    {
      label: 'AMT / NIIT',
      value: `${yesNo(tax.alternative_minimum_tax)} / ${yesNo(tax.net_investment_income_tax)}`,
    },
  ];
}

/** The key strategy and tax settings, in words, for the strategy summary. */
export function strategyFacts(strategy: Strategy): Fact[] {
  const facts =
    strategy.style === 'B' ? bondFacts(strategy.strategy) : tokenFacts(strategy.strategy);
  return [
    { label: 'Style', value: `${STYLE_NAMES[strategy.style]} (${strategy.style})` },
    ...facts,
    ...taxFacts(strategy.tax_data),
  ];
}
