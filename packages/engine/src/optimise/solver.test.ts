import { describe, expect, it } from 'vitest';
import { LinearModel } from './linear-model.ts';
import { loadSolver, solve } from './solver.ts';

const highs = await loadSolver();
const limits = { timeLimit: 5 };

describe('the solver (SPEC 7.1)', () => {
  it('maximises a linear model', () => {
    // The workshop of the HiGHS JavaScript README: 30 chairs + 50 tables, two resources.
    const model = new LinearModel();
    const chairs = model.addColumn(30, 0, Number.POSITIVE_INFINITY, true);
    const tables = model.addColumn(50, 0, Number.POSITIVE_INFINITY, true);
    model.addRow('carpentry', Number.NEGATIVE_INFINITY, 40, [chairs, tables], [1, 2]);
    model.addRow('finishing', Number.NEGATIVE_INFINITY, 50, [chairs, tables], [2, 1]);
    const solved = solve(highs, model, limits);
    expect(solved.status).toBe('optimal');
    if (solved.status === 'infeasible') return;
    expect(solved.objective).toBeCloseTo(1100, 6);
    expect(Array.from(solved.values)).toEqual([20, 10]);
  });

  it('names the rows that cannot hold together', () => {
    const model = new LinearModel();
    const x = model.addColumn(1, 0, 10);
    const y = model.addColumn(1, 0, 10);
    model.addRow('total', 1, 1, [x, y], [1, 1]);
    model.addRow('x at least', 0.7, Number.POSITIVE_INFINITY, [x], [1]);
    model.addRow('y at least', 0.5, Number.POSITIVE_INFINITY, [y], [1]);
    model.addRow('unrelated', Number.NEGATIVE_INFINITY, 5, [x], [1]);
    const solved = solve(highs, model, { ...limits, explain: true });
    expect(solved.status).toBe('infeasible');
    if (solved.status !== 'infeasible') return;
    expect([...solved.conflict].sort()).toEqual(['total', 'x at least', 'y at least']);
    // Unasked, it says only that the model is infeasible.
    expect(solve(highs, model, limits)).toEqual({ status: 'infeasible', conflict: [] });
  });
});
