/**
 * The four strategy styles (DESIGN "Strategy styles") and the build form of each: every option
 * names the strategy field it fills (`payload_field_name`, a dotted path into the contract's
 * StrategyInput) and starts at the value of the style's default strategy.
 */
import {
  CREDIT_UNIVERSE,
  DURATION_PLACEMENTS,
  DURATION_RANGES,
  type FormOption,
  type FormOptionValue,
  type FormValue,
  LIQUIDITY_CODES,
  LIQUIDITY_MAX,
  LIQUIDITY_MIN,
  MINIMUM_INITIAL_INVESTMENT,
  type StrategyInput,
  TAX_ACCOUNTING_METHODS,
  TAX_RATES,
  TAX_RESIDENCIES,
  type TokenStrategyInput,
} from '@ballast/contract';

export type StyleDefinition = {
  name: StrategyInput['style'];
  summary: string;
  description: string;
  defaultStrategy: StrategyInput;
  options: FormOption[];
};

function choiceValue(value: FormValue, summary: string, description = summary): FormOptionValue {
  return { value, limits: null, icon: null, summary, description, constraints: null };
}

function rangeValue(min: number, max: number, summary: string): FormOptionValue {
  return {
    value: null,
    limits: { min, max },
    icon: null,
    summary,
    description: summary,
    constraints: null,
  };
}

/** Reads the default at a dotted path, so each option's default is the default strategy's. */
export function valueAt(source: unknown, path: string): FormValue {
  let value: unknown = source;
  for (const key of path.split('.')) {
    value =
      value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (value === undefined) throw new Error(`No field at ${path}`);
  return value as FormValue;
}

function option(
  strategy: StrategyInput,
  payload_field_name: string,
  form: Pick<
    FormOption,
    'form_name' | 'form_summary' | 'form_description' | 'value_type' | 'values'
  >,
): FormOption {
  return { ...form, payload_field_name, default_value: valueAt(strategy, payload_field_name) };
}

const percentRange = (summary: string) => [rangeValue(0, 100, summary)];
const toggle = (on: string, off: string) => [choiceValue(true, on), choiceValue(false, off)];

function taxOptions(strategy: StrategyInput): FormOption[] {
  return [
    option(strategy, 'tax_data.initial_investment_amount', {
      form_name: 'Initial investment',
      form_summary: 'US dollars the client invests at the start',
      form_description: `At least $${MINIMUM_INITIAL_INVESTMENT.toLocaleString('en-US')}.`,
      value_type: 'number',
      values: [
        rangeValue(MINIMUM_INITIAL_INVESTMENT, 1_000_000_000, 'Initial investment in US dollars'),
      ],
    }),
    option(strategy, 'tax_data.tax_rate', {
      form_name: 'Federal tax rate',
      form_summary: "The client's marginal federal income tax rate",
      form_description: 'Choose 0 for a tax-exempt account.',
      value_type: 'select',
      values: TAX_RATES.map((rate) => choiceValue(rate, `${rate}%`)),
    }),
    option(strategy, 'tax_data.tax_residency', {
      form_name: 'Tax residency',
      form_summary: 'The state whose income tax the client pays',
      form_description:
        'In-state municipal bonds are exempt from that state’s tax; "Nowhere" for none.',
      value_type: 'select',
      values: TAX_RESIDENCIES.map((state) => choiceValue(state, state)),
    }),
    option(strategy, 'tax_data.alternative_minimum_tax', {
      form_name: 'Alternative minimum tax',
      form_summary: 'Whether the client is subject to the AMT',
      form_description: 'AMT-subject municipal bonds lose part of their tax advantage.',
      value_type: 'toggle',
      values: toggle('Subject to AMT', 'Not subject to AMT'),
    }),
    option(strategy, 'tax_data.net_investment_income_tax', {
      form_name: 'Net investment income tax',
      form_summary: 'Whether the 3.8% surtax applies',
      form_description: 'Applies to taxable interest above the income threshold.',
      value_type: 'toggle',
      values: toggle('Subject to NIIT', 'Not subject to NIIT'),
    }),
    option(strategy, 'strategy.tax_options.tax_loss_harvest', {
      form_name: 'Tax-loss harvesting',
      form_summary: 'Sell positions at a loss to offset gains',
      form_description: 'Replacement positions respect the wash-sale rule.',
      value_type: 'toggle',
      values: toggle('Harvest losses', 'Do not harvest'),
    }),
    option(strategy, 'strategy.tax_options.tax_accounting_method', {
      form_name: 'Accounting method',
      form_summary: 'Which lots a sale uses first',
      form_description:
        'Average cost, last-in first-out, highest cost first or first-in first-out.',
      value_type: 'select',
      values: TAX_ACCOUNTING_METHODS.map((method) => choiceValue(method, method)),
    }),
  ];
}

const BOND_DEFAULT: StrategyInput = {
  style: 'B',
  strategy: {
    assets: { type: 'max_allocation', muni_max_pct: 70, corp_max_pct: 30, tsry_max_pct: 30 },
    factors: {
      duration: { placement: 'Intermediate', min: 4, max: 6 },
      credit: { credit_universe: 'A-', max_aa_pct: 100, max_a_pct: 40, max_bbb_pct: 0 },
      liquidity: { target: 'H', min: 60, max: 100 },
    },
    constraints: {
      excluded_municipal_sectors: [],
      excluded_corporate_sectors: [],
      excluded_municipal_issuers: [],
      excluded_corporate_issuers: [],
    },
    tax_options: { tax_loss_harvest: true, tax_accounting_method: 'HIFO', total_tax_budget: null },
  },
  tax_data: {
    initial_investment_amount: 1_000_000,
    tax_rate: 35,
    tax_residency: 'NY',
    alternative_minimum_tax: false,
    net_investment_income_tax: true,
  },
};

/** Sectors the exclusion lists offer, as the market data names them. */
export const MUNICIPAL_SECTORS = [
  'General Obligation',
  'Education',
  'Healthcare',
  'Housing',
  'Transportation',
  'Utilities',
  'Water & Sewer',
  'Public Power',
  'Development',
  'Tobacco Settlement',
];
export const CORPORATE_SECTORS = [
  'Financials',
  'Industrials',
  'Utilities',
  'Energy',
  'Technology',
  'Healthcare',
  'Consumer Staples',
  'Consumer Discretionary',
  'Communications',
  'Tobacco',
];

function bondOptions(strategy: StrategyInput): FormOption[] {
  return [
    option(strategy, 'strategy.assets.type', {
      form_name: 'Asset allocation',
      form_summary: 'Cap each asset class, or pick the classes to hold',
      form_description: 'Maximum allocations must add up to at least 100%.',
      value_type: 'select',
      values: [
        choiceValue('max_allocation', 'Maximum allocation', 'Set the most each class may hold.'),
        choiceValue('select', 'Select classes', 'Hold any of the selected classes.'),
      ],
    }),
    ...(
      [
        ['muni_max_pct', 'Municipal bonds'],
        ['corp_max_pct', 'Corporate bonds'],
        ['tsry_max_pct', 'Treasuries'],
      ] as const
    ).map(([field, name]) =>
      option(strategy, `strategy.assets.${field}`, {
        form_name: `${name} maximum`,
        form_summary: `The most ${name.toLowerCase()} may hold, in percent`,
        form_description: 'Between 0 and 100.',
        value_type: 'range',
        values: percentRange(`${name} maximum`),
      }),
    ),
    option(strategy, 'strategy.factors.duration.placement', {
      form_name: 'Duration',
      form_summary: 'Where the average duration sits',
      form_description: 'Short, intermediate or long average duration, in years.',
      value_type: 'select',
      values: DURATION_PLACEMENTS.map((placement) => ({
        ...choiceValue(
          placement,
          placement,
          `Average duration between ${DURATION_RANGES[placement].min} and ${DURATION_RANGES[placement].max} years.`,
        ),
        limits: DURATION_RANGES[placement],
        constraints: {
          'strategy.factors.duration.min': DURATION_RANGES[placement].min,
          'strategy.factors.duration.max': DURATION_RANGES[placement].max,
        },
      })),
    }),
    option(strategy, 'strategy.factors.credit.credit_universe', {
      form_name: 'Credit floor',
      form_summary: 'The lowest rating a bond may have',
      form_description: 'Bonds rated below the floor are never bought.',
      value_type: 'select',
      values: CREDIT_UNIVERSE.map((rating) => choiceValue(rating, rating)),
    }),
    ...(
      [
        ['max_aa_pct', 'AA'],
        ['max_a_pct', 'A'],
        ['max_bbb_pct', 'BBB'],
      ] as const
    ).map(([field, bucket]) =>
      option(strategy, `strategy.factors.credit.${field}`, {
        form_name: `Maximum ${bucket}`,
        form_summary: `The most bonds rated ${bucket} may hold, in percent`,
        form_description: 'Between 0 and 100.',
        value_type: 'range',
        values: percentRange(`Maximum ${bucket}`),
      }),
    ),
    option(strategy, 'strategy.factors.liquidity.target', {
      form_name: 'Liquidity',
      form_summary: 'How readily the holdings trade',
      form_description: 'High, partial or unconstrained liquidity.',
      value_type: 'select',
      values: LIQUIDITY_CODES.map((code) =>
        choiceValue(code, { H: 'High', P: 'Partial', U: 'Unconstrained' }[code]),
      ),
    }),
    ...(['min', 'max'] as const).map((bound) =>
      option(strategy, `strategy.factors.liquidity.${bound}`, {
        form_name: `Liquidity ${bound === 'min' ? 'minimum' : 'maximum'}`,
        form_summary: 'Liquidity score of the holdings',
        form_description: `Between ${LIQUIDITY_MIN} and ${LIQUIDITY_MAX}.`,
        value_type: 'range',
        values: [rangeValue(LIQUIDITY_MIN, LIQUIDITY_MAX, 'Liquidity score')],
      }),
    ),
    option(strategy, 'strategy.constraints.excluded_municipal_sectors', {
      form_name: 'Excluded municipal sectors',
      form_summary: 'Municipal sectors never to hold',
      form_description: 'Bonds of these sectors are left out.',
      value_type: 'multi_select',
      values: MUNICIPAL_SECTORS.map((sector) => choiceValue(sector, sector)),
    }),
    option(strategy, 'strategy.constraints.excluded_corporate_sectors', {
      form_name: 'Excluded corporate sectors',
      form_summary: 'Corporate sectors never to hold',
      form_description: 'Bonds of these sectors are left out.',
      value_type: 'multi_select',
      values: CORPORATE_SECTORS.map((sector) => choiceValue(sector, sector)),
    }),
    ...taxOptions(strategy),
  ];
}

function tokenDefault(
  style: TokenStrategyInput['style'],
  strategy: Partial<TokenStrategyInput['strategy']>,
): StrategyInput {
  return {
    style,
    strategy: {
      assets: [],
      token_universe: 'TOP_20',
      calculation_methodology: 'MARKET_CAP',
      recalculation_frequency: 'MONTHLY',
      constraints: { exclude: [], limits: [] },
      tax_options: {
        tax_loss_harvest: true,
        tax_accounting_method: 'HIFO',
        total_tax_budget: null,
        staking: true,
      },
      ...strategy,
    },
    tax_data: { ...BOND_DEFAULT.tax_data, initial_investment_amount: 500_000 },
  };
}

export const TOKEN_UNIVERSES = ['TOP_10', 'TOP_20', 'TOP_50', 'TOP_100'];

function tokenOptions(strategy: StrategyInput): FormOption[] {
  return [
    option(strategy, 'strategy.token_universe', {
      form_name: 'Token universe',
      form_summary: 'The tokens the strategy may hold',
      form_description: 'The largest tokens by market capitalisation.',
      value_type: 'select',
      values: TOKEN_UNIVERSES.map((universe) =>
        choiceValue(universe, universe.replace('TOP_', 'Top ')),
      ),
    }),
    option(strategy, 'strategy.calculation_methodology', {
      form_name: 'Weighting',
      form_summary: 'How target weights are calculated',
      form_description: 'By market capitalisation, its square root, equally, or fixed targets.',
      value_type: 'select',
      values: [
        choiceValue('MARKET_CAP', 'Market capitalisation'),
        choiceValue('SQRT_MARKET_CAP', 'Square root of market capitalisation'),
        choiceValue('EQUAL_WEIGHT', 'Equal weight'),
        choiceValue('FIXED', 'Fixed targets'),
      ],
    }),
    option(strategy, 'strategy.recalculation_frequency', {
      form_name: 'Rebalancing',
      form_summary: 'How often weights are recalculated',
      form_description: 'More frequent rebalancing tracks targets closely but trades more.',
      value_type: 'select',
      values: ['WEEKLY', 'MONTHLY', 'QUARTERLY'].map((frequency) =>
        choiceValue(frequency, frequency.toLowerCase()),
      ),
    }),
    option(strategy, 'strategy.constraints.exclude', {
      form_name: 'Excluded tokens',
      form_summary: 'Tokens never to hold',
      form_description:
        'Excluded tokens are skipped and the next eligible token takes their place.',
      value_type: 'multi_select',
      values: ['BTC', 'ETH', 'SOL', 'DOGE', 'XRP', 'ADA'].map((coin) => choiceValue(coin, coin)),
    }),
    option(strategy, 'strategy.tax_options.staking', {
      form_name: 'Staking',
      form_summary: 'Stake tokens that pay a staking yield',
      form_description: 'Staking income is taxed as ordinary income when received.',
      value_type: 'toggle',
      values: toggle('Stake', 'Do not stake'),
    }),
    ...taxOptions(strategy),
  ];
}

function define(
  name: StrategyInput['style'],
  summary: string,
  description: string,
  defaultStrategy: StrategyInput,
  optionsOf: (strategy: StrategyInput) => FormOption[],
): StyleDefinition {
  return { name, summary, description, defaultStrategy, options: optionsOf(defaultStrategy) };
}

/** In the order the build screen lists them; onboarding uses B. */
export const STYLE_DEFINITIONS: readonly StyleDefinition[] = [
  define(
    'B',
    'Fixed income',
    'A separately managed portfolio of municipal, corporate and treasury bonds, built to the client’s duration, credit, liquidity and tax profile.',
    BOND_DEFAULT,
    bondOptions,
  ),
  define(
    'D',
    'Digital-asset index',
    'Holds the largest tokens of a universe weighted by a rule and rebalanced on a schedule, harvesting losses along the way.',
    tokenDefault('D', {}),
    tokenOptions,
  ),
  define(
    'A',
    'Active token strategy',
    'A token portfolio whose weights the firm’s investment committee sets within a universe and limits.',
    tokenDefault('A', { token_universe: 'TOP_50', calculation_methodology: 'SQRT_MARKET_CAP' }),
    tokenOptions,
  ),
  define(
    'F',
    'Fixed-weight token basket',
    'A basket of chosen tokens held at fixed target weights and rebalanced back to them.',
    tokenDefault('F', {
      assets: [
        { instrument: 'BTC', target_pct: 60 },
        { instrument: 'ETH', target_pct: 40 },
      ],
      token_universe: 'TOP_10',
      calculation_methodology: 'FIXED',
    }),
    tokenOptions,
  ),
];
