import highsModule, { type Highs, type ModelData } from 'highs';

/**
 * The package ships ES module code under CommonJS-typed declarations, so the type checker sees
 * the default export one level down from where Node puts it; this reads either.
 */
const loadHighs = ((highsModule as unknown as { default?: unknown }).default ??
  highsModule) as unknown as () => Promise<Highs>;

import type { LinearModel } from './linear-model.ts';

export type SolveLimits = {
  /** Seconds before the solver returns its best so far. */
  timeLimit: number;
  /** Relative gap at which a MIP counts as solved. */
  mipRelativeGap?: number;
  /**
   * Whether an infeasible model answers with the rows that cannot hold together. Finding them
   * costs many solves of subsystems, more than the solve itself; a caller that tries another
   * model when one is infeasible does not ask.
   */
  explain?: boolean;
};

export type Solved =
  | { status: 'optimal' | 'time_limit'; values: Float64Array; objective: number }
  /** `conflict` is empty unless the solve was asked to explain. */
  | { status: 'infeasible'; conflict: string[] };

/**
 * Milliseconds this thread has spent inside the solver, and how many solves it ran and how many
 * of them stopped at their time limit, for the benchmark; nothing else reads it.
 */
export const solverClock = { ms: 0, solves: 0, timeLimited: 0 };

/** HiGHS, loaded once per thread: loading compiles its WebAssembly. */
let loaded: Promise<Highs> | undefined;

/** Ready before a construction runs; every solve after it is synchronous. */
export function loadSolver(): Promise<Highs> {
  if (!loaded) loaded = loadHighs();
  return loaded;
}

/**
 * Maximises the model's objective with HiGHS (SPEC 7.1): always with a time limit, and a gap
 * for a MIP. Asked to explain, an infeasible model answers with the names of the rows of an
 * irreducible infeasible subsystem, so the caller can say which constraints cannot hold together.
 */
export function solve(highs: Highs, model: LinearModel, limits: SolveLimits): Solved {
  const started = performance.now();
  try {
    const solved = solveModel(highs, model, limits);
    if (solved.status === 'time_limit') solverClock.timeLimited += 1;
    return solved;
  } finally {
    solverClock.ms += performance.now() - started;
    solverClock.solves += 1;
  }
}

function solveModel(highs: Highs, model: LinearModel, limits: SolveLimits): Solved {
  const data = toModelData(highs, model);
  const instance = highs.createModel(data);
  try {
    instance.options.set({
      output_flag: false,
      time_limit: limits.timeLimit,
      // The light strategy often finds no subsystem; favouring rows names the constraints.
      ...(limits.explain ? { iis_strategy: highs.constants.iis.strategyRowPriority } : {}),
      ...(model.hasIntegers ? { mip_rel_gap: limits.mipRelativeGap ?? 1e-3 } : {}),
    });
    instance.run();
    const status = instance.getModelStatus();
    const codes = highs.constants.modelStatus;
    if (status === codes.infeasible) {
      return {
        status: 'infeasible',
        conflict: limits.explain ? conflictOf(instance, model) : [],
      };
    }
    if (status === codes.optimal || status === codes.timeLimit) {
      const values = instance.getSolution().colValue;
      if (status === codes.timeLimit && values.length === 0) {
        return { status: 'infeasible', conflict: [] };
      }
      return {
        status: status === codes.optimal ? 'optimal' : 'time_limit',
        values,
        objective: instance.getObjectiveValue(),
      };
    }
    throw new Error(`The solver stopped without a solution (status ${status}).`);
  } finally {
    instance.dispose();
  }
}

function conflictOf(instance: ReturnType<Highs['createModel']>, model: LinearModel): string[] {
  try {
    const iis = instance.getIis();
    return Array.from(iis.rowIndex, (row) => model.rows[row]?.name ?? '').filter(Boolean);
  } catch {
    // A MIP's subsystem may be out of reach; the caller then explains from the LP relaxation.
    return [];
  }
}

function toModelData(highs: Highs, model: LinearModel): ModelData {
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (const row of model.rows) {
    indices.push(...row.columns);
    values.push(...row.coefficients);
    starts.push(indices.length);
  }
  const infinite = (value: number) =>
    value === Number.POSITIVE_INFINITY
      ? highs.infinity
      : value === Number.NEGATIVE_INFINITY
        ? -highs.infinity
        : value;
  return {
    numCols: model.columnCount,
    numRows: model.rows.length,
    sense: highs.constants.objectiveSense.maximize,
    colCost: Float64Array.from(model.costs),
    colLower: Float64Array.from(model.lower, infinite),
    colUpper: Float64Array.from(model.upper, infinite),
    rowLower: Float64Array.from(model.rows, (row) => infinite(row.lower)),
    rowUpper: Float64Array.from(model.rows, (row) => infinite(row.upper)),
    matrix: {
      format: 'csr',
      numRows: model.rows.length,
      numCols: model.columnCount,
      starts: Int32Array.from(starts),
      indices: Int32Array.from(indices),
      values: Float64Array.from(values),
    },
    ...(model.hasIntegers
      ? {
          integrality: Int32Array.from(model.integer, (integer) =>
            integer
              ? highs.constants.variableType.integer
              : highs.constants.variableType.continuous,
          ),
        }
      : {}),
  };
}
