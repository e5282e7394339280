/** The parts of Vitest's JSON report the run's summary reads. */
export type VitestJsonReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
};

/** One test file's whole time in one run, as `file-times-reporter.ts` writes it. */
export type FileTime = { file: string; run: string; ms: number };

/**
 * The `count` test files that took longest over every run; a file run in two runs (both
 * database passes) counts once per run, `run` naming it.
 */
export function slowestFiles(
  runs: readonly { name: string; times: readonly FileTime[] }[],
  count: number,
): FileTime[] {
  return runs
    .flatMap(({ name, times }) => times.map((time) => ({ ...time, run: `${name} ${time.run}` })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}
