import { describe, expect, it } from 'vitest';
import { makeBondStrategyInput, makeTokenStrategyInput } from '../testing/factories.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import { StrategyInputSchema, StrategySchema } from './strategy.ts';

describe('strategy envelope (product §3)', () => {
  it('B carries a bond strategy', () => {
    expect(validationErrorsOf(StrategyInputSchema, makeBondStrategyInput())).toEqual([]);
  });

  it.each(['F', 'D', 'A'] as const)('%s carries a token strategy', (style) => {
    expect(validationErrorsOf(StrategyInputSchema, makeTokenStrategyInput({ style }))).toEqual([]);
  });

  it('a bond strategy under a token style is refused', () => {
    const errors = validationErrorsOf(StrategyInputSchema, {
      ...makeBondStrategyInput(),
      style: 'F',
    });
    expect(errors).toContainEqual({
      code: 'required',
      detail: 'This field is required.',
      attr: 'strategy.token_universe',
    });
  });

  it('reports bond rules under strategy.*', () => {
    const input = makeBondStrategyInput({
      assets: { type: 'max_allocation', muni_max_pct: 50, corp_max_pct: 30, tsry_max_pct: 19 },
    });
    expect(validationErrorsOf(StrategyInputSchema, input)).toEqual([
      {
        code: 'invalid',
        detail: 'The sum of the maximum allocations must be at least 100',
        attr: 'strategy.assets',
      },
    ]);
  });

  it('refuses an unknown style', () => {
    expect(
      validationErrorsOf(StrategyInputSchema, { ...makeBondStrategyInput(), style: 'Z' }),
    ).toEqual([{ code: 'invalid_choice', detail: 'Please select a valid option.', attr: 'style' }]);
  });

  it('the stored envelope adds created_at', () => {
    const stored = { ...makeTokenStrategyInput(), created_at: '2025-01-02T03:04:05Z' };
    expect(validationErrorsOf(StrategySchema, stored)).toEqual([]);
    expect(validationErrorsOf(StrategySchema, makeTokenStrategyInput())).toMatchObject([
      { code: 'required', attr: 'created_at' },
    ]);
  });

  it('token targets and limits are percentages', () => {
    const input = makeTokenStrategyInput();
    input.strategy.assets = [{ instrument: 'BTC', target_pct: 120 }];
    expect(validationErrorsOf(StrategyInputSchema, input)).toEqual([
      {
        code: 'max_value',
        detail: 'Please enter a percentage between 0 and 100.',
        attr: 'strategy.assets.0.target_pct',
      },
    ]);
  });
});
