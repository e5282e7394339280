/**
 * `npm run bench:engine`: the engine's speed on the bundled market. S is one bond simulation on
 * a 5,000-bond market, M one on the 50,000-bond market, C the comparer's nine cells on the
 * 50,000-bond market across a thread per core, T one token backtest over all 100 tokens for
 * five years, weekly rebalancing, daily harvesting checks and staking. The peer is the
 * comparer's nine cells on the 5,000-bond market built the naive way (`constructNaively`: one
 * cold integer solve per cell over every eligible bond) against the engine's comparer there.
 * Prints one JSON line per workload, then the peer's, and, last, one object with all of them and
 * the peak memory of the process while it held the 50,000-bond market and ran M.
 */
import {
  COMPARER_CELLS,
  type ComparerStrategy,
  type TaxData,
  type TokenStrategy,
} from '@ballast/contract';
import {
  cellStrategy,
  compareCell,
  comparerBonds,
  constructNaively,
  generatedMarket,
  loadSolver,
  type MarketData,
  simulateBondStrategy,
  simulateTokenStrategy,
  solverClock,
} from '@ballast/engine';
import { createEnginePool, type MarketSource } from '@ballast/engine/node';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARMUPS = 2;
/** The naive peer takes seconds a run; its median is of fewer runs. */
const PEER_RUNS = Number(process.env.BENCH_PEER_RUNS ?? 3);
/**
 * Seconds each naive solve may take: far more than any needs on the 5,000-bond market, so the
 * peer is timed to the engine's gap rather than cut short by the engine's own limit of 2 s.
 */
const NAIVE_SECONDS = 60;

const SMALL_MARKET = { bondCounts: { municipal: 3_500, corporate: 1_200, treasury: 300 } };

const taxData: TaxData = {
  initial_investment_amount: 1_000_000,
  tax_rate: 35,
  tax_residency: 'NY',
  alternative_minimum_tax: false,
  net_investment_income_tax: true,
};

// The comparer's Intermediate cell with partial liquidity: a strategy of the house's defaults.
const strategy = cellStrategy(
  {
    style: 'B',
    strategy: {
      assets: { type: 'max_allocation', muni_max_pct: 70, corp_max_pct: 30, tsry_max_pct: 30 },
    },
    tax_data: taxData,
  },
  { placement: 'Intermediate', liquidity: 'P' },
);

const comparer: ComparerStrategy = {
  style: 'B',
  strategy: { assets: strategy.assets },
  tax_data: taxData,
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

function print(name: string, figures: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify({ workload: name, ...figures })}\n`);
}

async function bondSimulation(market: MarketData) {
  const highs = await loadSolver();
  const times: number[] = [];
  let solver = 0;
  for (let run = 0; run < WARMUPS + RUNS; run++) {
    const before = solverClock.ms;
    const started = performance.now();
    simulateBondStrategy(highs, market, { strategy, tax_data: taxData }, 'today');
    if (run < WARMUPS) continue;
    times.push(performance.now() - started);
    solver += solverClock.ms - before;
  }
  const total = times.reduce((sum, time) => sum + time, 0);
  return { median_ms: round(median(times)), solver_share: round(solver / total, 3) };
}

/** The whole token market, daily harvesting checks, weekly rebalancing, staking. */
function tokenBacktest(market: MarketData) {
  const strategy: TokenStrategy = {
    assets: [],
    token_universe: 'TOP_100',
    calculation_methodology: 'MARKET_CAP',
    recalculation_frequency: 'WEEKLY',
    constraints: { exclude: [], limits: [] },
    tax_options: {
      tax_loss_harvest: true,
      tax_accounting_method: 'HIFO',
      total_tax_budget: null,
      staking: true,
    },
  };
  const times: number[] = [];
  for (let run = 0; run < WARMUPS + RUNS; run++) {
    const started = performance.now();
    simulateTokenStrategy(market, { strategy, tax_data: taxData }, 'today');
    if (run >= WARMUPS) times.push(performance.now() - started);
  }
  return { median_ms: round(median(times)) };
}

/** The comparer's nine cells over the pool's threads, a thread per core. */
async function comparerOnPool(market: MarketSource) {
  const pool = await createEnginePool({ market });
  const times: number[] = [];
  try {
    for (let run = 0; run < WARMUPS + RUNS; run++) {
      const started = performance.now();
      await pool.runComparer(comparer);
      if (run >= WARMUPS) times.push(performance.now() - started);
    }
  } finally {
    await pool.close();
  }
  return { median_ms: round(median(times)) };
}

/**
 * The nine cells on one thread, each run taking its way to build them from `how` (the engine's
 * on the request's shared bonds, or the naive one), with the solves a run took and how many
 * stopped at their time limit.
 */
function cellsOnOneThread(
  highs: Awaited<ReturnType<typeof loadSolver>>,
  market: MarketData,
  how: () => Parameters<typeof compareCell>[4],
  runs: { warmups: number; timed: number },
) {
  const times: number[] = [];
  const before = { ...solverClock };
  let cells = 0;
  for (let run = 0; run < runs.warmups + runs.timed; run++) {
    const started = performance.now();
    const way = how();
    for (const cell of COMPARER_CELLS) {
      if (compareCell(highs, market, comparer, cell, way).ok && run === 0) cells += 1;
    }
    if (run >= runs.warmups) times.push(performance.now() - started);
  }
  const total = runs.warmups + runs.timed;
  return {
    median_ms: round(median(times)),
    cells,
    solves_per_run: round((solverClock.solves - before.solves) / total),
    time_limited_per_run: round((solverClock.timeLimited - before.timeLimited) / total),
  };
}

/**
 * The peer (README "The engine"): the nine cells built the naive way against the engine's
 * comparer on the same 5,000-bond market, over the pool as C runs it, and on one thread as the
 * naive way runs.
 */
async function peer() {
  const highs = await loadSolver();
  const market = generatedMarket(SMALL_MARKET);
  const comparerMs = (await comparerOnPool({ kind: 'generated', options: SMALL_MARKET })).median_ms;
  const engine = cellsOnOneThread(
    highs,
    market,
    () => ({ bonds: comparerBonds(market, comparer) }),
    { warmups: WARMUPS, timed: RUNS },
  );
  const naive = cellsOnOneThread(
    highs,
    market,
    () => ({ construct: (...args) => constructNaively(...args, NAIVE_SECONDS) }),
    { warmups: 0, timed: PEER_RUNS },
  );
  return {
    bonds: market.bonds.count,
    naive_ms: naive.median_ms,
    naive_cells: naive.cells,
    naive_solves: naive.solves_per_run,
    naive_time_limited: naive.time_limited_per_run,
    naive_seconds_limit: NAIVE_SECONDS,
    comparer_ms: comparerMs,
    one_thread_ms: engine.median_ms,
    engine_cells: engine.cells,
    engine_solves: engine.solves_per_run,
    ratio: round(naive.median_ms / comparerMs),
    one_thread_ratio: round(naive.median_ms / engine.median_ms),
  };
}

async function main() {
  const market = generatedMarket();
  const loaded = process.resourceUsage().maxRSS;
  const M = await bondSimulation(market);
  print('M', M);
  // The process's high-water mark with the 50,000-bond market loaded and M run, the runtime
  // included; and how much of it the simulations themselves added.
  const peak_rss_mb = Math.round(process.resourceUsage().maxRSS / 1024);
  const simulation_rss_mb = Math.round((process.resourceUsage().maxRSS - loaded) / 1024);
  const S = await bondSimulation(generatedMarket(SMALL_MARKET));
  print('S', S);
  const C = await comparerOnPool({ kind: 'generated' });
  print('C', C);
  const T = tokenBacktest(market);
  print('T', T);
  const P = await peer();
  print('peer', P);
  process.stdout.write(
    `${JSON.stringify({ S, M, C, T, peer: P, peak_rss_mb, simulation_rss_mb })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
