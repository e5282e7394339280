/**
 * The four strategy styles (docs/architecture.md "Strategy styles") and the build form of each:
 * every option names the strategy field it fills (`payload_field_name`, a dotted path into the
 * contract's StrategyInput, list items by index) and starts at the value of the style's default
 * strategy.
 *
 * Two shapes the form's value types cannot carry whole are spelled out here:
 * - A bond's asset choice is one of two variants. The `strategy.assets.type` choice carries, as
 *   its constraints, the fields its variant brings; the options of the variant the default does
 *   not use (the `select` class toggles) name fields that exist once that variant is chosen.
 * - Lists of instrument and percentage pairs: the fixed basket's assets are offered slot by slot
 *   (`strategy.assets.0.instrument`, `strategy.assets.0.target_pct`), and the token limits, empty
 *   by default, use the `instrument_percentages` value type, whose values are the instruments a
 *   limit may name, each with the bounds of its percentage.
 *
 * The file is long because it is the forms themselves, written out as data: the bond and token
 * builders share the option helpers and the tax options, and are checked best side by side.
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
  MAX_ALLOCATION_MIN_SUM,
  MINIMUM_INITIAL_INVESTMENT,
  NO_EXCLUSIONS,
  PERCENT_MAX,
  PERCENT_MIN,
  type StrategyInput,
  TAX_ACCOUNTING_METHODS,
  TAX_EXEMPT_RESIDENCY,
  TAX_RATES,
  TAX_RESIDENCIES,
  type TokenStrategyInput,
  US_STATES,
} from '@ballast/contract';
import { CORPORATE_SECTORS, KNOWN_TOKENS, MUNICIPAL_SECTORS } from '@ballast/engine';

export type StyleDefinition = {
  name: StrategyInput['style'];
  summary: string;
  description: string;
  defaultStrategy: StrategyInput;
  options: FormOption[];
};

/** The largest amount a number input offers; far above any single account the firms open. */
const AMOUNT_INPUT_MAX = 10_000_000_000;

type ValueExtras = Partial<Pick<FormOptionValue, 'icon' | 'limits' | 'constraints'>>;

function choiceValue(
  value: FormValue,
  summary: string,
  description = summary,
  extras: ValueExtras = {},
): FormOptionValue {
  return { value, limits: null, icon: null, summary, description, constraints: null, ...extras };
}

function rangeValue(min: number, max: number, summary: string, description = summary) {
  return choiceValue(null, summary, description, { limits: { min, max } });
}

/** The value at a dotted path (list items by index), or undefined when there is no such field. */
export function findValueAt(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) {
    value =
      value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** A copy of the strategy with the field at a dotted path set to a value. */
export function withValueAt<T>(source: T, path: string, value: unknown): T {
  const copy = structuredClone(source) as Record<string, unknown>;
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1) as string] = value;
  return copy as T;
}

type OptionForm = Pick<
  FormOption,
  'form_name' | 'form_summary' | 'form_description' | 'value_type' | 'values'
>;

/**
 * An option whose default is the default strategy's value at its path. `variantDefault` is for
 * the fields of an asset variant the default strategy does not use, and is their starting value.
 */
function option(
  strategy: StrategyInput,
  payload_field_name: string,
  form: OptionForm,
  variantDefault?: FormValue,
): FormOption {
  const found = findValueAt(strategy, payload_field_name);
  if (found === undefined && variantDefault === undefined) {
    throw new Error(`The default ${strategy.style} strategy has no field ${payload_field_name}`);
  }
  return {
    ...form,
    payload_field_name,
    default_value: (found === undefined ? variantDefault : found) as FormValue,
  };
}

const percentRange = (summary: string) => [rangeValue(PERCENT_MIN, PERCENT_MAX, summary)];
const toggle = (on: string, off: string) => [choiceValue(true, on), choiceValue(false, off)];

const RESIDENCY_NAMES: Record<string, string> = Object.fromEntries(
  US_STATES.map((state) => [state.abbreviation, state.name]),
);

const ACCOUNTING_METHODS: Record<(typeof TAX_ACCOUNTING_METHODS)[number], [string, string]> = {
  COST: ['Average cost', 'Each sale uses the average cost of all lots held.'],
  LIFO: ['Last in, first out', 'Each sale uses the most recently bought lots first.'],
  HIFO: ['Highest cost first', 'Each sale uses the lots bought at the highest price first.'],
  FIFO: ['First in, first out', 'Each sale uses the earliest bought lots first.'],
};

function taxOptions(strategy: StrategyInput): FormOption[] {
  return [
    option(strategy, 'tax_data.initial_investment_amount', {
      form_name: 'Initial investment',
      form_summary: 'US dollars the client invests at the start',
      form_description: `At least $${MINIMUM_INITIAL_INVESTMENT.toLocaleString('en-US')}.`,
      value_type: 'number',
      values: [
        rangeValue(
          MINIMUM_INITIAL_INVESTMENT,
          AMOUNT_INPUT_MAX,
          'Initial investment in US dollars',
        ),
      ],
    }),
    option(strategy, 'tax_data.tax_rate', {
      form_name: 'Federal tax rate',
      form_summary: "The client's marginal federal income tax rate",
      form_description: `One of ${TAX_RATES.join(', ')} percent; 0 for a tax-exempt account.`,
      value_type: 'select',
      values: TAX_RATES.map((rate) =>
        choiceValue(rate, `${rate}%`, rate === 0 ? 'Tax-exempt' : `${rate}% federal bracket`),
      ),
    }),
    option(strategy, 'tax_data.tax_residency', {
      form_name: 'Tax residency',
      form_summary: 'The state or territory whose income tax the client pays',
      form_description: `In-state municipal bonds are exempt from that state's tax; "${TAX_EXEMPT_RESIDENCY}" when no state taxes the account.`,
      value_type: 'select',
      values: TAX_RESIDENCIES.map((residency) =>
        choiceValue(
          residency,
          RESIDENCY_NAMES[residency] ?? residency,
          residency === TAX_EXEMPT_RESIDENCY ? 'No state taxes the account.' : residency,
        ),
      ),
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
      form_description: 'Applies to taxable investment income above the income threshold.',
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
      form_description: 'Decides the cost basis, and so the gain or loss, of every sale.',
      value_type: 'select',
      values: TAX_ACCOUNTING_METHODS.map((method) =>
        choiceValue(method, ...ACCOUNTING_METHODS[method]),
      ),
    }),
    option(strategy, 'strategy.tax_options.total_tax_budget', {
      form_name: 'Tax budget',
      form_summary: 'US dollars of realised gains the strategy may incur',
      form_description: 'Leave empty for no budget.',
      value_type: 'number',
      values: [rangeValue(0, AMOUNT_INPUT_MAX, 'Tax budget in US dollars')],
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
    constraints: { ...NO_EXCLUSIONS },
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

const ASSET_CLASSES = [
  { max: 'muni_max_pct', pick: 'municipals', name: 'Municipal bonds', icon: 'landmark' },
  { max: 'corp_max_pct', pick: 'corporates', name: 'Corporate bonds', icon: 'building' },
  { max: 'tsry_max_pct', pick: 'treasuries', name: 'Treasuries', icon: 'flag' },
] as const;

/** The starting fields of each asset variant, imposed when the advisor switches to it. */
const ASSET_VARIANT_FIELDS = {
  max_allocation: { muni_max_pct: 70, corp_max_pct: 30, tsry_max_pct: 30 },
  select: { municipals: true, corporates: true, treasuries: true },
} as const;

function variantConstraints(variant: keyof typeof ASSET_VARIANT_FIELDS) {
  return Object.fromEntries(
    Object.entries(ASSET_VARIANT_FIELDS[variant]).map(([field, value]) => [
      `strategy.assets.${field}`,
      value,
    ]),
  );
}

function durationBand(placement: (typeof DURATION_PLACEMENTS)[number]): string {
  const { min, max } = DURATION_RANGES[placement];
  return `Average duration between ${min} and ${max} years.`;
}

function bondOptions(strategy: StrategyInput): FormOption[] {
  const shortest = DURATION_RANGES.Short.min;
  const longest = DURATION_RANGES.Long.max;
  return [
    option(strategy, 'strategy.assets.type', {
      form_name: 'Asset allocation',
      form_summary: 'Cap each asset class, or pick the classes to hold',
      form_description: `Maximum allocations must add up to at least ${MAX_ALLOCATION_MIN_SUM}%; a selection needs at least one class.`,
      value_type: 'select',
      values: [
        choiceValue(
          'max_allocation',
          'Maximum allocation',
          'Set the most each asset class may hold.',
          { icon: 'sliders', constraints: variantConstraints('max_allocation') },
        ),
        choiceValue('select', 'Select classes', 'Hold any of the selected asset classes.', {
          icon: 'list-checks',
          constraints: variantConstraints('select'),
        }),
      ],
    }),
    ...ASSET_CLASSES.map(({ max, name }) =>
      option(strategy, `strategy.assets.${max}`, {
        form_name: `${name} maximum`,
        form_summary: `The most ${name.toLowerCase()} may hold, in percent`,
        form_description: `For a maximum allocation; between ${PERCENT_MIN} and ${PERCENT_MAX}, and the three maximums add up to at least ${MAX_ALLOCATION_MIN_SUM}.`,
        value_type: 'range',
        values: percentRange(`${name} maximum`),
      }),
    ),
    ...ASSET_CLASSES.map(({ pick, name, icon }) =>
      option(
        strategy,
        `strategy.assets.${pick}`,
        {
          form_name: name,
          form_summary: `Whether the portfolio may hold ${name.toLowerCase()}`,
          form_description: 'For a selection of classes; at least one class must be selected.',
          value_type: 'toggle',
          values: [
            choiceValue(true, `Hold ${name.toLowerCase()}`, `Hold ${name.toLowerCase()}`, { icon }),
            choiceValue(false, `No ${name.toLowerCase()}`),
          ],
        },
        ASSET_VARIANT_FIELDS.select[pick],
      ),
    ),
    option(strategy, 'strategy.factors.duration.placement', {
      form_name: 'Duration',
      form_summary: 'Where the average duration sits',
      form_description: DURATION_PLACEMENTS.map(
        (placement) =>
          `${placement}: ${DURATION_RANGES[placement].min} to ${DURATION_RANGES[placement].max} years.`,
      ).join(' '),
      value_type: 'select',
      values: DURATION_PLACEMENTS.map((placement) =>
        choiceValue(placement, placement, durationBand(placement), {
          icon: { Short: 'gauge-low', Intermediate: 'gauge', Long: 'gauge-high' }[placement],
          limits: { ...DURATION_RANGES[placement] },
          // A new placement moves the band, so the bounds move with it.
          constraints: {
            'strategy.factors.duration.min': DURATION_RANGES[placement].min,
            'strategy.factors.duration.max': DURATION_RANGES[placement].max,
          },
        }),
      ),
    }),
    ...(['min', 'max'] as const).map((bound) =>
      option(strategy, `strategy.factors.duration.${bound}`, {
        form_name: `Duration ${bound === 'min' ? 'minimum' : 'maximum'}`,
        form_summary: 'Average duration of the holdings, in years',
        form_description: `Inside the band of the placement: ${DURATION_PLACEMENTS.map((placement) => `${placement} ${DURATION_RANGES[placement].min}-${DURATION_RANGES[placement].max}`).join(', ')}.`,
        value_type: 'range',
        values: [rangeValue(shortest, longest, 'Average duration in years')],
      }),
    ),
    option(strategy, 'strategy.factors.credit.credit_universe', {
      form_name: 'Credit floor',
      form_summary: 'The lowest rating a bond may have',
      form_description: 'Bonds rated below the floor are never bought.',
      value_type: 'select',
      values: CREDIT_UNIVERSE.map((rating) =>
        choiceValue(rating, rating, `Bonds rated ${rating} or better.`),
      ),
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
        form_description: `Between ${PERCENT_MIN} and ${PERCENT_MAX}.`,
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
        choiceValue(
          code,
          { H: 'High', P: 'Partial', U: 'Unconstrained' }[code],
          {
            H: 'Only bonds that trade readily.',
            P: 'Mostly bonds that trade readily.',
            U: 'Any bond, however rarely it trades.',
          }[code],
          { icon: { H: 'droplets', P: 'droplet', U: 'circle-dashed' }[code] },
        ),
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
    // Issuers run to thousands, so they are typed rather than picked from a list.
    option(strategy, 'strategy.constraints.excluded_municipal_issuers', {
      form_name: 'Excluded municipal issuers',
      form_summary: 'Municipal issuers never to hold',
      form_description: 'Issuer names as the market data spells them.',
      value_type: 'multi_text',
      values: [],
    }),
    option(strategy, 'strategy.constraints.excluded_corporate_issuers', {
      form_name: 'Excluded corporate issuers',
      form_summary: 'Corporate issuers never to hold',
      form_description: 'Issuer names as the market data spells them.',
      value_type: 'multi_text',
      values: [],
    }),
    ...taxOptions(strategy),
  ];
}

/** Tokens the forms offer by name: the market's largest. */
const TOKENS = KNOWN_TOKENS.slice(0, 11).map(([symbol, name]) => [symbol, name] as const);

const TOKEN_UNIVERSES = ['TOP_10', 'TOP_20', 'TOP_50', 'TOP_100'] as const;

const INDEX_METHODOLOGIES = [
  ['MARKET_CAP', 'Market capitalisation', 'Each token in proportion to its market value.'],
  [
    'SQRT_MARKET_CAP',
    'Square root of market capitalisation',
    'Tilts from the largest tokens toward the rest of the universe.',
  ],
] as const;

const FREQUENCIES = ['WEEKLY', 'MONTHLY', 'QUARTERLY'] as const;

type TokenStyleForm = {
  methodologies: readonly (readonly [value: string, summary: string, description: string])[];
  /** Slots of a fixed basket, offered one by one. */
  basketSlots: number;
};

function tokenDefault(
  style: TokenStrategyInput['style'],
  strategy: Pick<
    TokenStrategyInput['strategy'],
    'assets' | 'token_universe' | 'calculation_methodology' | 'recalculation_frequency'
  >,
): StrategyInput {
  return {
    style,
    strategy: {
      ...strategy,
      constraints: { exclude: [], limits: [] },
      tax_options: {
        tax_loss_harvest: true,
        tax_accounting_method: 'HIFO',
        total_tax_budget: null,
        staking: true,
      },
    },
    tax_data: { ...BOND_DEFAULT.tax_data, initial_investment_amount: 500_000 },
  };
}

function tokenOptions(form: TokenStyleForm) {
  return (strategy: StrategyInput): FormOption[] => [
    ...Array.from({ length: form.basketSlots }, (_, slot) => [
      option(strategy, `strategy.assets.${slot}.instrument`, {
        form_name: `Token ${slot + 1}`,
        form_summary: 'A token the basket holds',
        form_description: 'Each token of the basket is held at its own fixed target weight.',
        value_type: 'select',
        values: TOKENS.map(([symbol, name]) => choiceValue(symbol, name, symbol)),
      }),
      option(strategy, `strategy.assets.${slot}.target_pct`, {
        form_name: `Token ${slot + 1} weight`,
        form_summary: 'Target weight of the token, in percent',
        form_description: 'Rebalancing brings the token back to this weight.',
        value_type: 'range',
        values: percentRange('Target weight'),
      }),
    ]).flat(),
    option(strategy, 'strategy.token_universe', {
      form_name: 'Token universe',
      form_summary: 'The tokens the strategy may hold',
      form_description: 'The largest tokens by market capitalisation.',
      value_type: 'select',
      values: TOKEN_UNIVERSES.map((universe) =>
        choiceValue(
          universe,
          universe.replace('TOP_', 'Top '),
          `The ${universe.replace('TOP_', '')} largest tokens by market capitalisation.`,
        ),
      ),
    }),
    option(strategy, 'strategy.calculation_methodology', {
      form_name: 'Weighting',
      form_summary: 'How target weights are calculated',
      form_description: 'The rule that turns the universe into target weights.',
      value_type: 'select',
      values: form.methodologies.map(([value, summary, description]) =>
        choiceValue(value, summary, description),
      ),
    }),
    option(strategy, 'strategy.recalculation_frequency', {
      form_name: 'Rebalancing',
      form_summary: 'How often weights are recalculated',
      form_description: 'More frequent rebalancing tracks targets closely but trades more.',
      value_type: 'select',
      values: FREQUENCIES.map((frequency) =>
        choiceValue(frequency, frequency.charAt(0) + frequency.slice(1).toLowerCase()),
      ),
    }),
    option(strategy, 'strategy.constraints.exclude', {
      form_name: 'Excluded tokens',
      form_summary: 'Tokens never to hold',
      form_description:
        'Excluded tokens are skipped and the next eligible token takes their place.',
      value_type: 'multi_select',
      values: TOKENS.map(([symbol, name]) => choiceValue(symbol, name, symbol)),
    }),
    option(strategy, 'strategy.constraints.limits', {
      form_name: 'Token limits',
      form_summary: 'The most a token may weigh, in percent',
      form_description:
        'A list of {instrument, limit_pct}: each value is a token a limit may name, and its limits bound the percentage.',
      value_type: 'instrument_percentages',
      values: TOKENS.map(([symbol, name]) =>
        choiceValue(symbol, name, `Cap the weight of ${symbol}.`, {
          limits: { min: PERCENT_MIN, max: PERCENT_MAX },
        }),
      ),
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

/** In the order the build screen lists them (their `position`); onboarding uses B. */
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
    'Holds the largest tokens of a universe, weighted by a rule and rebalanced on a schedule, harvesting losses along the way.',
    tokenDefault('D', {
      assets: [],
      token_universe: 'TOP_20',
      calculation_methodology: 'MARKET_CAP',
      recalculation_frequency: 'MONTHLY',
    }),
    tokenOptions({
      methodologies: [
        ...INDEX_METHODOLOGIES,
        ['EQUAL_WEIGHT', 'Equal weight', 'Every token of the universe at the same weight.'],
      ],
      basketSlots: 0,
    }),
  ),
  define(
    'A',
    'Active token strategy',
    'Chooses weights within a universe from recent price behaviour, inside the limits the advisor sets.',
    tokenDefault('A', {
      assets: [],
      token_universe: 'TOP_50',
      calculation_methodology: 'MOMENTUM',
      recalculation_frequency: 'WEEKLY',
    }),
    tokenOptions({
      methodologies: [
        ['MOMENTUM', 'Momentum', 'Overweights the tokens with the strongest recent returns.'],
        [
          'INVERSE_VOLATILITY',
          'Inverse volatility',
          'Weights each token by the inverse of its recent volatility.',
        ],
        ...INDEX_METHODOLOGIES,
      ],
      basketSlots: 0,
    }),
  ),
  define(
    'F',
    'Fixed-weight token basket',
    'A basket of chosen tokens held at fixed target weights and rebalanced back to them.',
    tokenDefault('F', {
      assets: [
        { instrument: 'BTC', target_pct: 50 },
        { instrument: 'ETH', target_pct: 30 },
        { instrument: 'SOL', target_pct: 20 },
      ],
      token_universe: 'TOP_10',
      calculation_methodology: 'FIXED',
      recalculation_frequency: 'QUARTERLY',
    }),
    tokenOptions({
      methodologies: [['FIXED', 'Fixed targets', 'Each token at the weight the advisor sets.']],
      basketSlots: 3,
    }),
  ),
];
