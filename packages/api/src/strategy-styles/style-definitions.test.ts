import { StrategyInputSchema } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { STYLE_DEFINITIONS, valueAt } from './style-definitions.ts';

/** A copy of the strategy with one field, at a dotted path, set to a value. */
function withValue(strategy: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(strategy) as Record<string, unknown>;
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1) as string] = value;
  return copy;
}

describe.each(STYLE_DEFINITIONS.map((style) => [style.name, style] as const))(
  'strategy style %s',
  (_name, style) => {
    it('starts from a default strategy the contract accepts', () => {
      expect(StrategyInputSchema.safeParse(style.defaultStrategy).error).toBeUndefined();
      expect(style.defaultStrategy.style).toBe(style.name);
    });

    it.each(style.options.map((option) => [option.payload_field_name, option] as const))(
      '%s names a field of the strategy, and its default is that field',
      (path, option) => {
        expect(valueAt(style.defaultStrategy, path)).toEqual(option.default_value);
      },
    );

    it('offers only choices the contract accepts at their field', () => {
      for (const option of style.options) {
        if (
          option.value_type !== 'select' ||
          option.payload_field_name === 'strategy.assets.type'
        ) {
          continue;
        }
        for (const { value } of option.values) {
          const changed = withValue(style.defaultStrategy, option.payload_field_name, value);
          const result = StrategyInputSchema.safeParse(changed);
          // A placement moves the duration band, which its constraints carry along.
          const constrained = option.values.find((v) => v.value === value)?.constraints;
          const fixed = constrained
            ? Object.entries(constrained).reduce(
                (strategy, [path, bound]) => withValue(strategy, path, bound),
                changed,
              )
            : changed;
          expect(
            StrategyInputSchema.safeParse(fixed).error,
            `${option.payload_field_name} = ${String(value)}`,
          ).toBeUndefined();
          expect(result.success || constrained !== null).toBe(true);
        }
      }
    });

    it('keeps each range default inside its limits', () => {
      for (const option of style.options.filter((o) => o.value_type === 'range')) {
        const limits = option.values[0]?.limits;
        expect(limits).not.toBeNull();
        expect(option.default_value as number).toBeGreaterThanOrEqual(limits?.min ?? Infinity);
        expect(option.default_value as number).toBeLessThanOrEqual(limits?.max ?? -Infinity);
      }
    });
  },
);
