import {
  type FormOption,
  type FormOptions,
  type FormValue,
  type StrategyInput,
  StrategyInputSchema,
} from '@ballast/contract';

type Tree = Record<string, unknown> | unknown[];

/**
 * A copy of `source` with the field at a dotted path set, creating what is missing on the way:
 * a list where the next key is an index (`strategy.assets.0.instrument`), an object otherwise.
 */
export function withValueAt(source: unknown, path: string, value: unknown): unknown {
  const root = structuredClone(source ?? {}) as Tree;
  const keys = path.split('.');
  let target = root as Record<string, unknown>;
  keys.slice(0, -1).forEach((key, index) => {
    const nextIsIndex = /^\d+$/.test(keys[index + 1] as string);
    target[key] ??= nextIsIndex ? [] : {};
    target = target[key] as Record<string, unknown>;
  });
  target[keys.at(-1) as string] = value;
  return root;
}

/**
 * The strategy a form's choices make, checked by the contract. Options of an asset variant the
 * choice does not use are written too (their starting values) and dropped here, since the
 * contract keeps only the fields of the variant chosen.
 */
function strategyOf(draft: unknown): StrategyInput | undefined {
  const parsed = StrategyInputSchema.safeParse(draft);
  return parsed.success ? parsed.data : undefined;
}

/** The style's default strategy: every option at its `default_value` (product §3 form options). */
export function defaultStrategy(form: FormOptions): StrategyInput | undefined {
  let draft: unknown = { style: form.name };
  for (const option of form.options) {
    draft = withValueAt(draft, option.payload_field_name, option.default_value);
  }
  return strategyOf(draft);
}

/** The value a strategy holds for an option, for the option's control to show. */
export function valueAt(strategy: StrategyInput, path: string): unknown {
  let value: unknown = strategy;
  for (const key of path.split('.')) {
    value =
      value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * The strategy after one choice: the option's field set, and the fields its value imposes
 * (`constraints`, such as a duration placement moving the band's bounds). Undefined when the
 * result is not a strategy the contract accepts.
 */
export function withChoice(
  strategy: StrategyInput,
  option: FormOption,
  value: FormValue,
): StrategyInput | undefined {
  let draft = withValueAt(strategy, option.payload_field_name, value);
  const chosen = option.values.find((item) => item.value === value);
  for (const [path, imposed] of Object.entries(chosen?.constraints ?? {})) {
    draft = withValueAt(draft, path, imposed);
  }
  return strategyOf(draft);
}

/** The options a strategy built on the spot offers: its choices among a fixed list. */
export function choiceOptions(form: FormOptions): FormOption[] {
  return form.options.filter((option) => option.value_type === 'select');
}
