import { makeBondStrategyInput, makeTokenStrategyInput } from '@ballast/contract/testing';
import { ENGINE_RULES_VERSION } from '@ballast/engine';
import { describe, expect, it } from 'vitest';
import { canonicalJson, runHash } from './canonical-hash.ts';

const MARKET = 'generated-2:20261030:2026-10-30:50000';

describe('canonical request hash', () => {
  it('writes keys in order at every depth, without whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: true, e: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"e":null,"f":true}]},"b":1}',
    );
  });

  it('writes numbers and strings as JSON does, and missing list items as null', () => {
    expect(canonicalJson({ n: [1e21, 0.1, -0, 350000], s: 'a"\u00e9', u: undefined })).toBe(
      '{"n":[1e+21,0.1,0,350000],"s":"a\\"é"}',
    );
    expect(canonicalJson([undefined, 1])).toBe(JSON.stringify([undefined, 1]));
  });

  it('does not change with the order fields were sent in', () => {
    const one = runHash(
      'SIMULATION',
      { style: 'B', tax: { rate: 35, state: 'NY' } },
      'today',
      MARKET,
    );
    const two = runHash(
      'SIMULATION',
      { tax: { state: 'NY', rate: 35 }, style: 'B' },
      'today',
      MARKET,
    );
    expect(one).toBe(two);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any value, with the window, and between the two kinds', () => {
    const base = runHash('SIMULATION', { rate: 35 }, 'today', MARKET);
    expect(runHash('SIMULATION', { rate: 37 }, 'today', MARKET)).not.toBe(base);
    expect(runHash('SIMULATION', { rate: 35 }, 'yesterday', MARKET)).not.toBe(base);
    expect(runHash('COMPARER', { rate: 35 }, 'today', MARKET)).not.toBe(base);
    expect(runHash('SIMULATION', { rate: 35 }, 'today', `${MARKET}-next`)).not.toBe(base);
    expect(runHash('SIMULATION', { rate: 35 }, 'today', MARKET, ENGINE_RULES_VERSION + 1)).not.toBe(
      base,
    );
    // Array order is meaning, not presentation.
    expect(runHash('SIMULATION', { a: [1, 2] }, 'today', MARKET)).not.toBe(
      runHash('SIMULATION', { a: [2, 1] }, 'today', MARKET),
    );
  });

  /** Every leaf of a value, as a path and the value there. */
  function leaves(
    value: unknown,
    path: (string | number)[] = [],
  ): [(string | number)[], unknown][] {
    if (value && typeof value === 'object') {
      return Object.entries(value).flatMap(([key, item]) =>
        leaves(item, [...path, Array.isArray(value) ? Number(key) : key]),
      );
    }
    return [[path, value]];
  }

  function changedAt(source: unknown, path: (string | number)[], to: unknown): unknown {
    const copy = structuredClone(source) as Record<string | number, unknown>;
    let target = copy;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
    target[path.at(-1) as string | number] = to;
    return copy;
  }

  it.each([
    ['bond', makeBondStrategyInput()],
    ['token', makeTokenStrategyInput()],
  ])('changes when any single value of a %s strategy changes', (_kind, strategy) => {
    const base = runHash('SIMULATION', strategy, 'today', MARKET);
    const fields = leaves(strategy);
    expect(fields.length).toBeGreaterThan(15);
    for (const [path, value] of fields) {
      const other =
        typeof value === 'number'
          ? value + 1
          : typeof value === 'boolean'
            ? !value
            : value === null
              ? 0
              : `${String(value)}x`;
      expect(
        runHash('SIMULATION', changedAt(strategy, path, other), 'today', MARKET),
        path.join('.'),
      ).not.toBe(base);
    }
  });

  it('never names a simulation and a comparison of the same body alike', () => {
    const body = makeBondStrategyInput();
    expect(runHash('SIMULATION', body, 'today', MARKET)).not.toBe(
      runHash('COMPARER', body, 'today', MARKET),
    );
    expect(runHash('SIMULATION', body, 'today', MARKET)).toBe(
      runHash('SIMULATION', structuredClone(body), 'today', MARKET),
    );
  });
});
