/**
 * Form options shaped as the api serves them (packages/api/src/strategy-styles/), for the
 * tests of strategy drafts and of Build's generated form: the bond style whole, and a fixed
 * token basket with the one value type the bond form lacks. Long lists (states, sectors,
 * tokens) are cut to a few.
 */
import {
  CREDIT_UNIVERSE,
  DURATION_PLACEMENTS,
  DURATION_RANGES,
  type FormOption,
  type FormOptionValue,
  type FormValue,
  LIQUIDITY_CODES,
  TAX_ACCOUNTING_METHODS,
  TAX_EXEMPT_RESIDENCY,
  TAX_RATES,
} from '@ballast/contract';
import { changeOption, defaultDraft, type StrategyDraft } from './strategy-draft.ts';

function choice(value: FormValue, summary: string, extras: Partial<FormOptionValue> = {}) {
  return {
    value,
    limits: null,
    icon: null,
    summary,
    description: summary,
    constraints: null,
    ...extras,
  } satisfies FormOptionValue;
}

function range(min: number, max: number, summary: string): FormOptionValue[] {
  return [choice(null, summary, { limits: { min, max } })];
}

function option(
  payload_field_name: string,
  form_name: string,
  value_type: string,
  values: FormOptionValue[],
  default_value: FormValue,
): FormOption {
  return {
    form_name,
    form_summary: `${form_name} summary`,
    form_description: `${form_name} description`,
    value_type,
    values,
    payload_field_name,
    default_value,
  };
}

const toggle = (on: string, off: string) => [choice(true, on), choice(false, off)];

const taxOptions: FormOption[] = [
  option(
    'tax_data.initial_investment_amount',
    'Initial investment',
    'number',
    range(350_000, 10_000_000_000, 'Initial investment in US dollars'),
    1_000_000,
  ),
  option(
    'tax_data.tax_rate',
    'Federal tax rate',
    'select',
    TAX_RATES.map((rate) => choice(rate, `${rate}%`)),
    35,
  ),
  option(
    'tax_data.tax_residency',
    'Tax residency',
    'select',
    [
      choice('CA', 'California'),
      choice('NY', 'New York'),
      choice('TX', 'Texas'),
      choice(TAX_EXEMPT_RESIDENCY, TAX_EXEMPT_RESIDENCY),
    ],
    'NY',
  ),
  option(
    'tax_data.alternative_minimum_tax',
    'Alternative minimum tax',
    'toggle',
    toggle('Subject to AMT', 'Not subject to AMT'),
    false,
  ),
  option(
    'tax_data.net_investment_income_tax',
    'Net investment income tax',
    'toggle',
    toggle('Subject to NIIT', 'Not subject to NIIT'),
    true,
  ),
  option(
    'strategy.tax_options.tax_loss_harvest',
    'Tax-loss harvesting',
    'toggle',
    toggle('Harvest losses', 'Do not harvest'),
    true,
  ),
  option(
    'strategy.tax_options.tax_accounting_method',
    'Accounting method',
    'select',
    TAX_ACCOUNTING_METHODS.map((method) => choice(method, method)),
    'HIFO',
  ),
  option(
    'strategy.tax_options.total_tax_budget',
    'Tax budget',
    'number',
    range(0, 10_000_000_000, 'Tax budget in US dollars'),
    null,
  ),
];

const CLASSES = [
  ['muni_max_pct', 'municipals', 'Municipal bonds', 70],
  ['corp_max_pct', 'corporates', 'Corporate bonds', 30],
  ['tsry_max_pct', 'treasuries', 'Treasuries', 30],
] as const;

export const BOND_FORM_OPTIONS: FormOption[] = [
  option(
    'strategy.assets.type',
    'Asset allocation',
    'select',
    [
      choice('max_allocation', 'Maximum allocation', {
        icon: 'sliders',
        constraints: Object.fromEntries(
          CLASSES.map(([max, , , start]) => [`strategy.assets.${max}`, start]),
        ),
      }),
      choice('select', 'Select classes', {
        icon: 'list-checks',
        constraints: Object.fromEntries(
          CLASSES.map(([, pick]) => [`strategy.assets.${pick}`, true]),
        ),
      }),
    ],
    'max_allocation',
  ),
  ...CLASSES.map(([max, , name, start]) =>
    option(`strategy.assets.${max}`, `${name} maximum`, 'range', range(0, 100, name), start),
  ),
  ...CLASSES.map(([, pick, name]) =>
    option(`strategy.assets.${pick}`, name, 'toggle', toggle(`Hold ${name}`, `No ${name}`), true),
  ),
  option(
    'strategy.factors.duration.placement',
    'Duration',
    'select',
    DURATION_PLACEMENTS.map((placement) =>
      choice(placement, placement, {
        limits: { ...DURATION_RANGES[placement] },
        constraints: {
          'strategy.factors.duration.min': DURATION_RANGES[placement].min,
          'strategy.factors.duration.max': DURATION_RANGES[placement].max,
        },
      }),
    ),
    'Intermediate',
  ),
  option('strategy.factors.duration.min', 'Duration minimum', 'range', range(2, 15, 'Years'), 4),
  option('strategy.factors.duration.max', 'Duration maximum', 'range', range(2, 15, 'Years'), 6),
  option(
    'strategy.factors.credit.credit_universe',
    'Credit floor',
    'select',
    CREDIT_UNIVERSE.map((rating) => choice(rating, rating)),
    'A-',
  ),
  option('strategy.factors.credit.max_aa_pct', 'Maximum AA', 'range', range(0, 100, 'AA'), 100),
  option('strategy.factors.credit.max_a_pct', 'Maximum A', 'range', range(0, 100, 'A'), 40),
  option('strategy.factors.credit.max_bbb_pct', 'Maximum BBB', 'range', range(0, 100, 'BBB'), 0),
  option(
    'strategy.factors.liquidity.target',
    'Liquidity',
    'select',
    LIQUIDITY_CODES.map((code) =>
      choice(code, { H: 'High', P: 'Partial', U: 'Unconstrained' }[code], {
        icon: { H: 'droplets', P: 'droplet', U: 'circle-dashed' }[code],
      }),
    ),
    'H',
  ),
  option(
    'strategy.factors.liquidity.min',
    'Liquidity minimum',
    'range',
    range(1, 100, 'Score'),
    60,
  ),
  option(
    'strategy.factors.liquidity.max',
    'Liquidity maximum',
    'range',
    range(1, 100, 'Score'),
    100,
  ),
  option(
    'strategy.constraints.excluded_municipal_sectors',
    'Excluded municipal sectors',
    'multi_select',
    ['General Obligation', 'Housing', 'Tobacco Settlement'].map((sector) => choice(sector, sector)),
    [],
  ),
  option(
    'strategy.constraints.excluded_corporate_sectors',
    'Excluded corporate sectors',
    'multi_select',
    ['Energy', 'Tobacco'].map((sector) => choice(sector, sector)),
    [],
  ),
  option(
    'strategy.constraints.excluded_municipal_issuers',
    'Excluded municipal issuers',
    'multi_text',
    [],
    [],
  ),
  option(
    'strategy.constraints.excluded_corporate_issuers',
    'Excluded corporate issuers',
    'multi_text',
    [],
    [],
  ),
  ...taxOptions,
];

const TOKENS = [
  ['BTC', 'Bitcoin'],
  ['ETH', 'Ether'],
  ['SOL', 'Solana'],
] as const;

export const BASKET_FORM_OPTIONS: FormOption[] = [
  option(
    'strategy.assets.0.instrument',
    'Token 1',
    'select',
    TOKENS.map(([symbol, name]) => choice(symbol, name)),
    'BTC',
  ),
  option('strategy.assets.0.target_pct', 'Token 1 weight', 'range', range(0, 100, 'Weight'), 100),
  option(
    'strategy.token_universe',
    'Token universe',
    'select',
    [choice('TOP_10', 'Top 10')],
    'TOP_10',
  ),
  option(
    'strategy.calculation_methodology',
    'Weighting',
    'select',
    [choice('FIXED', 'Fixed targets')],
    'FIXED',
  ),
  option(
    'strategy.recalculation_frequency',
    'Rebalancing',
    'select',
    [choice('MONTHLY', 'Monthly'), choice('QUARTERLY', 'Quarterly')],
    'QUARTERLY',
  ),
  option(
    'strategy.constraints.exclude',
    'Excluded tokens',
    'multi_select',
    TOKENS.map(([symbol, name]) => choice(symbol, name)),
    [],
  ),
  option(
    'strategy.constraints.limits',
    'Token limits',
    'instrument_percentages',
    TOKENS.map(([symbol, name]) => choice(symbol, name, { limits: { min: 0, max: 100 } })),
    [],
  ),
  option(
    'strategy.tax_options.staking',
    'Staking',
    'toggle',
    toggle('Stake', 'Do not stake'),
    true,
  ),
  ...taxOptions,
];

export function optionAt(options: readonly FormOption[], path: string): FormOption {
  const found = options.find((option) => option.payload_field_name === path);
  if (!found) throw new Error(`no option ${path}`);
  return found;
}

/** The bond style's default draft with each change made as the form makes it, in order. */
export function bondWith(changes: Record<string, unknown>): StrategyDraft {
  let draft = defaultDraft('B', BOND_FORM_OPTIONS);
  for (const [path, value] of Object.entries(changes)) {
    draft = changeOption(BOND_FORM_OPTIONS, draft, optionAt(BOND_FORM_OPTIONS, path), value);
  }
  return draft;
}
