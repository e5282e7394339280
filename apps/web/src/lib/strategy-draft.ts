/**
 * The strategy an advisor is building, as the form options describe it: a StrategyInput-shaped
 * object written field by field at each option's `payload_field_name` (a dotted path, list items
 * by index), checked by the contract's own schemas so every product §5 message is the
 * contract's.
 */
import {
  BOND_STRATEGY_STYLE,
  type FormOption,
  type FormOptions,
  type FormValue,
  type StrategyInput,
  StrategyInputSchema,
  TAX_EXEMPT_RESIDENCY,
  TaxExemptTaxDataSchema,
} from '@ballast/contract';

/** A strategy being edited: the shape of a StrategyInput, not yet known to be one. */
export type StrategyDraft = {
  style: string;
  strategy: Record<string, unknown>;
  tax_data: Record<string, unknown>;
};

/** Messages by dotted path, as the contract's schemas report them. */
export type DraftErrors = ReadonlyMap<string, readonly string[]>;

export type DraftCheck = { ok: true; strategy: StrategyInput } | { ok: false; errors: DraftErrors };

export function readAt(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) {
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return value;
}

const isIndex = (key: string) => /^\d+$/.test(key);

function cloneContainer(value: unknown, nextKey: string): Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return [...value];
  if (value !== null && typeof value === 'object') return { ...value };
  return isIndex(nextKey) ? [] : {};
}

/** A copy with the field at `path` set (or removed, for undefined); the source is not touched. */
export function writeAt<T>(source: T, path: string, value: unknown): T {
  const keys = path.split('.');
  const write = (node: unknown, depth: number): unknown => {
    const key = keys[depth] as string;
    const copy = cloneContainer(node, key) as Record<string, unknown>;
    if (depth === keys.length - 1) {
      if (value === undefined) delete copy[key];
      else copy[key] = value;
      return copy;
    }
    copy[key] = write(copy[key], depth + 1);
    return copy;
  };
  return write(source, 0) as T;
}

/** JSON with every object's keys in order, so equal content reads the same however it came. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

export function isSameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** The offered value the draft holds for an option, if it holds one of them. */
export function chosenValue(option: FormOption, draft: StrategyDraft) {
  const current = readAt(draft, option.payload_field_name);
  return option.values.find((value) => isSameValue(value.value, current));
}

/**
 * Fields that belong to a choice not taken: a value's constraints name the fields its choice
 * brings (a bond's `select` assets bring the class toggles), so a field named only by the
 * values not chosen has no place in the strategy. A field every value names (the duration
 * bounds each placement moves) stays.
 */
export function inactiveFields(options: readonly FormOption[], draft: StrategyDraft): Set<string> {
  const inactive = new Set<string>();
  for (const option of options) {
    const constraining = option.values.filter((value) => value.constraints);
    if (constraining.length === 0) continue;
    const kept = new Set(Object.keys(chosenValue(option, draft)?.constraints ?? {}));
    for (const value of constraining) {
      for (const field of Object.keys(value.constraints ?? {})) {
        if (!kept.has(field)) inactive.add(field);
      }
    }
  }
  return inactive;
}

export function activeOptions(options: readonly FormOption[], draft: StrategyDraft): FormOption[] {
  const inactive = inactiveFields(options, draft);
  return options.filter((option) => !inactive.has(option.payload_field_name));
}

function withoutInactive(options: readonly FormOption[], draft: StrategyDraft): StrategyDraft {
  let pruned = draft;
  for (const field of inactiveFields(options, draft)) pruned = writeAt(pruned, field, undefined);
  return pruned;
}

/**
 * Sets an option, with what the chosen value imposes on other fields (its constraints), and
 * drops the fields of a choice no longer taken.
 */
export function changeOption(
  options: readonly FormOption[],
  draft: StrategyDraft,
  option: FormOption,
  value: unknown,
): StrategyDraft {
  let next = writeAt(draft, option.payload_field_name, value);
  const chosen = option.values.find((offered) => isSameValue(offered.value, value));
  for (const [field, imposed] of Object.entries(chosen?.constraints ?? {})) {
    next = writeAt(next, field, imposed);
  }
  return withoutInactive(options, next);
}

/**
 * The bounds of a range option: its own limits, narrowed by the chosen value of another option
 * whose constraints set this field (a duration placement bounds the duration to its band).
 */
export function limitsOf(
  options: readonly FormOption[],
  draft: StrategyDraft,
  option: FormOption,
): { min: number; max: number } | null {
  const own = option.values.find((value) => value.limits)?.limits ?? null;
  for (const other of options) {
    const chosen = chosenValue(other, draft);
    if (chosen?.limits && chosen.constraints && option.payload_field_name in chosen.constraints) {
      return chosen.limits;
    }
  }
  return own;
}

/**
 * A style's starting strategy: every option at its `default_value`. A token style that derives
 * its weights offers no asset option, so the lists no option fills start empty.
 */
export function defaultDraft(style: string, options: readonly FormOption[]): StrategyDraft {
  const start: StrategyDraft =
    style === BOND_STRATEGY_STYLE
      ? { style, strategy: {}, tax_data: {} }
      : { style, strategy: { assets: [], constraints: { exclude: [], limits: [] } }, tax_data: {} };
  let draft = start;
  for (const option of options) {
    draft = writeAt(draft, option.payload_field_name, option.default_value);
  }
  return withoutInactive(options, draft);
}

/** A saved strategy (a portfolio's current one) as a draft to edit. */
export function draftOf(strategy: StrategyInput): StrategyDraft {
  return {
    style: strategy.style,
    strategy: structuredClone(strategy.strategy) as Record<string, unknown>,
    tax_data: structuredClone(strategy.tax_data) as Record<string, unknown>,
  };
}

/** The values product §5 'Tax' asks of a tax-exempt account. */
export const TAX_EXEMPT_VALUES: Readonly<Record<string, FormValue>> = {
  'tax_data.tax_rate': 0,
  'tax_data.tax_residency': TAX_EXEMPT_RESIDENCY,
  'tax_data.alternative_minimum_tax': false,
  'tax_data.net_investment_income_tax': false,
};

export function withTaxExemptValues(draft: StrategyDraft): StrategyDraft {
  let next = draft;
  for (const [field, value] of Object.entries(TAX_EXEMPT_VALUES))
    next = writeAt(next, field, value);
  return next;
}

function addIssues(
  errors: Map<string, string[]>,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly string[] = [],
) {
  for (const issue of issues) {
    const path = [...prefix, ...issue.path.map(String)].join('.');
    const messages = errors.get(path) ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    errors.set(path, messages);
  }
}

/**
 * Checks the draft with the contract's StrategyInputSchema, and for a tax-exempt account its
 * tax data with TaxExemptTaxDataSchema (product §5 'Bond strategy' and 'Tax').
 */
export function checkDraft(draft: StrategyDraft, options: { taxExempt: boolean }): DraftCheck {
  const errors = new Map<string, string[]>();
  const parsed = StrategyInputSchema.safeParse(draft);
  if (!parsed.success) addIssues(errors, parsed.error.issues);
  if (options.taxExempt) {
    const exempt = TaxExemptTaxDataSchema.safeParse(draft.tax_data);
    if (!exempt.success) addIssues(errors, exempt.error.issues, ['tax_data']);
  }
  if (parsed.success && errors.size === 0) return { ok: true, strategy: parsed.data };
  return { ok: false, errors };
}

/**
 * The strategy a draft makes, or undefined. The tax-exempt rules are an account's, and the
 * strategies made here have no account yet.
 */
function strategyOf(draft: StrategyDraft): StrategyInput | undefined {
  const check = checkDraft(draft, { taxExempt: false });
  return check.ok ? check.strategy : undefined;
}

/** A style's default strategy, or undefined when its defaults do not make one. */
export function defaultStrategy(form: FormOptions): StrategyInput | undefined {
  return strategyOf(defaultDraft(form.name, form.options));
}

/**
 * A whole strategy after one choice, for a caller that holds strategies rather than drafts:
 * undefined when the choice makes one that breaks a rule. Only the option's own values can
 * bring or drop fields, so the option alone is enough to prune with.
 */
export function withChoice(
  strategy: StrategyInput,
  option: FormOption,
  value: FormValue,
): StrategyInput | undefined {
  return strategyOf(changeOption([option], draftOf(strategy), option, value));
}
