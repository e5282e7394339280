import { describe, expect, it } from 'vitest';
import { canonicalJson, runHash } from './canonical-hash.ts';

describe('canonical request hash', () => {
  it('writes keys in order at every depth, without whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: true, e: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"e":null,"f":true}]},"b":1}',
    );
  });

  it('does not change with the order fields were sent in', () => {
    const one = runHash('SIMULATION', { style: 'B', tax: { rate: 35, state: 'NY' } }, 'today');
    const two = runHash('SIMULATION', { tax: { state: 'NY', rate: 35 }, style: 'B' }, 'today');
    expect(one).toBe(two);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any value, with the window, and between the two kinds', () => {
    const base = runHash('SIMULATION', { rate: 35 }, 'today');
    expect(runHash('SIMULATION', { rate: 37 }, 'today')).not.toBe(base);
    expect(runHash('SIMULATION', { rate: 35 }, 'yesterday')).not.toBe(base);
    expect(runHash('COMPARER', { rate: 35 }, 'today')).not.toBe(base);
    // Array order is meaning, not presentation.
    expect(runHash('SIMULATION', { a: [1, 2] }, 'today')).not.toBe(
      runHash('SIMULATION', { a: [2, 1] }, 'today'),
    );
  });
});
