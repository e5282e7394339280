import { describe, expect, it } from 'vitest';
import { makeBondStrategyInput, makeTaxData } from '../testing/factories.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import { ComparerInputSchema } from './comparer.ts';
import { SimulationCommandSchema } from './simulation.ts';

describe('simulation command (product §5: exactly one time window, and it must be today)', () => {
  const strategy = makeBondStrategyInput();

  it("accepts ['today']", () => {
    expect(
      validationErrorsOf(SimulationCommandSchema, { strategy, time_windows: ['today'] }),
    ).toEqual([]);
  });

  it.each([
    [[], 'time_windows', 'Exactly one time window is required.', 'empty'],
    [['today', 'today'], 'time_windows', 'Exactly one time window is required.', 'invalid'],
    [['1y'], 'time_windows.0', "The only time window available is 'today'.", 'invalid_choice'],
  ])('refuses %j', (time_windows, attr, detail, code) => {
    expect(validationErrorsOf(SimulationCommandSchema, { strategy, time_windows })).toEqual([
      { code, detail, attr },
    ]);
  });
});

describe('comparer input (product §3)', () => {
  const input = {
    strategy: {
      style: 'B',
      strategy: {
        assets: { type: 'select', municipals: true, corporates: false, treasuries: false },
      },
      tax_data: makeTaxData(),
    },
    time_windows: ['today'],
  };

  it('takes a bond asset choice with tax data', () => {
    expect(validationErrorsOf(ComparerInputSchema, input)).toEqual([]);
  });

  it('takes only style B', () => {
    expect(
      validationErrorsOf(ComparerInputSchema, {
        ...input,
        strategy: { ...input.strategy, style: 'F' },
      }),
    ).toEqual([
      { code: 'invalid_choice', detail: 'Please select a valid option.', attr: 'strategy.style' },
    ]);
  });

  it('applies the asset rules', () => {
    const strategy = {
      ...input.strategy,
      strategy: {
        assets: { type: 'select', municipals: false, corporates: false, treasuries: false },
      },
    };
    expect(validationErrorsOf(ComparerInputSchema, { ...input, strategy })).toEqual([
      {
        code: 'invalid',
        detail: 'At least one asset class must be selected',
        attr: 'strategy.strategy.assets',
      },
    ]);
  });
});
