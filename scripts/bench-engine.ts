/**
 * `npm run bench:engine`: the engine's speed on the bundled market. S is one bond simulation on
 * a 5,000-bond market, M one on the 50,000-bond market, C the comparer's nine cells on the
 * 50,000-bond market across a thread per core, T one token backtest over all 100 tokens for
 * five years, weekly rebalancing, daily harvesting checks and staking. Prints one JSON line per
 * workload and, last, one object with all of them and the peak memory of the process while it
 * held the 50,000-bond market and ran M.
 */
import type { TaxData, TokenStrategy } from '@ballast/contract';
import {
  cellStrategy,
  generatedMarket,
  loadSolver,
  type MarketData,
  simulateBondStrategy,
  simulateTokenStrategy,
  solverClock,
} from '@ballast/engine';
import { createEnginePool } from '@ballast/engine/node';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARMUPS = 2;

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

async function main() {
  const market = generatedMarket();
  const loaded = process.resourceUsage().maxRSS;
  const M = await bondSimulation(market);
  print('M', M);
  // The process's high-water mark with the 50,000-bond market loaded and M run, the runtime
  // included; and how much of it the simulations themselves added.
  const peak_rss_mb = Math.round(process.resourceUsage().maxRSS / 1024);
  const simulation_rss_mb = Math.round((process.resourceUsage().maxRSS - loaded) / 1024);
  const S = await bondSimulation(
    generatedMarket({ bondCounts: { municipal: 3_500, corporate: 1_200, treasury: 300 } }),
  );
  print('S', S);

  const pool = await createEnginePool();
  const comparer = {
    style: 'B' as const,
    strategy: { assets: strategy.assets },
    tax_data: taxData,
  };
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
  const C = { median_ms: round(median(times)) };
  print('C', C);
  const T = tokenBacktest(market);
  print('T', T);
  process.stdout.write(`${JSON.stringify({ S, M, C, T, peak_rss_mb, simulation_rss_mb })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
