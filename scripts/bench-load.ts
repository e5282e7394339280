/**
 * `npm run bench:load`: the real server under a mixed load at a fixed arrival rate. Seeds the
 * `large` scenario (`--portfolios`, 10,000) into a fresh database, starts the server on it as a
 * child process, waits for it to go idle, signs the demo users in, warms the portfolio lists, and
 * sends a mix of reads, deposit requests, operations' moves and sign-ins
 * (scripts/bench-load/mixed-workload.ts) on an open schedule: `--rate` calls a second (200) for
 * `--duration` (10m), each sent when it is due whether or not the ones before have answered, and
 * timed from then. PGlite by default; with DATABASE_URL set
 * (`scripts/with-postgres.sh npm run bench:load`) PostgreSQL as well, or as `--db` says.
 *
 * Prints a table per database on stderr, and on stdout one JSON line per call and database,
 * then one object with every run: per call count, p50, p95, p99 and max latency and errors; the
 * rate sent and answered; the server's resident memory at the start, every 30 s and at the end.
 * The target is a p99 under 500 ms for every call, no errors and no memory growth beyond noise;
 * as with `bench:web`'s budget, the exit code is 1 when a run misses it.
 */
import {
  freePort,
  type PrintedUser,
  signInWithPassword,
  startServerProcess,
} from '../apps/server/src/server-process.ts';
import { createHttpClient, jsonOf } from './bench-load/http-client.ts';
import {
  type DatabaseKind,
  type LoadOptions,
  readLoadOptions,
  USAGE,
} from './bench-load/load-options.ts';
import { callTable, judge, memoryFigures, P99_TARGET_MS } from './bench-load/load-verdict.ts';
import {
  createMixedWorkload,
  type SignedInUser,
  signInsPerSecond,
  WORKLOAD_ROLES,
  type WorkloadRole,
} from './bench-load/mixed-workload.ts';
import { waitUntilIdle } from './bench-load/process-stats.ts';
import { runLoad } from './bench-load/run-load.ts';
import { seedLargeFirm } from './bench-load/seed-large-firm.ts';

/** A call with no answer for this long counts as an error. */
const NO_ANSWER_MS = 30_000;
/**
 * The load generator's connections: those of a few dozen browsers (six each), or a reverse
 * proxy's pool. Unbounded, a stall of a second or two at 200 calls a second opens hundreds of
 * connections at once, more than the server's accept queue holds (511), and the handshakes the
 * kernel drops are retried after 1, 3, 7 and 15 s: the generator, not the server, would set the
 * tail.
 */
const CONNECTIONS = 256;
/** How long the server may stay busy after start (catching up the daily valuation) before the load. */
const SETTLE_MAX_MS = 10 * 60_000;

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/**
 * The minute before now, UTC, as VALUATION_TIME: the daily valuation (measured by
 * `bench:valuation`) then next runs a day later, not inside the window, and the catch-up at start
 * finds every day already valued by the seed.
 */
function valuationTimeJustPassed(): string {
  const minuteAgo = new Date(Date.now() - 60_000);
  return minuteAgo.toISOString().slice(11, 16);
}

/** The day a year before today (UTC), where the detail page's charts start by default. */
function yearAgo(): string {
  const today = new Date();
  today.setUTCFullYear(today.getUTCFullYear() - 1);
  return today.toISOString().slice(0, 10);
}

async function signInWorkloadUsers(
  origin: string,
  printed: PrintedUser[],
): Promise<Record<WorkloadRole, SignedInUser>> {
  const entries = await Promise.all(
    WORKLOAD_ROLES.map(async (role) => {
      const user = printed.find((candidate) => candidate.role === role);
      if (!user) throw new Error(`the server printed no ${role} demo user`);
      const { jwt } = await signInWithPassword(origin, user);
      return [role, { ...user, jwt }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<WorkloadRole, SignedInUser>;
}

async function runOn(database: DatabaseKind, options: LoadOptions) {
  const serverUrl = database === 'postgres' ? process.env.DATABASE_URL : undefined;
  log(`seeding ${options.portfolios} portfolios (large) into a fresh ${database} database…`);
  const seedStarted = performance.now();
  const seeded = await seedLargeFirm(serverUrl, options.portfolios);
  try {
    log(`seeded in ${Math.round((performance.now() - seedStarted) / 1000)} s`);
    const port = await freePort();
    const server = startServerProcess({
      ...seeded.env,
      MODE: 'demo',
      SEED_SCENARIO: 'large',
      HOST: '127.0.0.1',
      PORT: String(port),
      VALUATION_TIME: valuationTimeJustPassed(),
    });
    try {
      await server.running;
      const pid = server.child.pid;
      if (pid === undefined) throw new Error('the server process has no pid');
      const settled = await waitUntilIdle(pid, SETTLE_MAX_MS);
      log(
        `server ${pid} ${settled.idle ? 'idle' : 'still busy'} after ${Math.round(settled.waitedMs / 1000)} s`,
      );
      const origin = `http://127.0.0.1:${port}`;
      const users = await signInWorkloadUsers(origin, server.users());
      const client = createHttpClient(origin, {
        noAnswerMs: NO_ANSWER_MS,
        maxConnections: CONNECTIONS,
      });
      try {
        const config = jsonOf<{ publicToken: string }>(
          await client.send({ method: 'GET', path: '/config.json', headers: {}, keepBody: true }),
        );
        const list = jsonOf<{ portfolios: { id: string; status: string }[] }>(
          await client.send({
            method: 'GET',
            path: '/api/portfolios',
            headers: { authorization: `Bearer ${users.ADVISOR.jwt}` },
            keepBody: true,
          }),
        );
        const portfolioIds = list.portfolios
          .filter((portfolio) => portfolio.status === 'IN-GOOD-ORDER')
          .map((portfolio) => portfolio.id);
        log(
          `${portfolioIds.length} portfolios in good order; ${options.rate} calls/s for ${options.durationMs / 1000} s, ${Math.round(signInsPerSecond(options.rate) * 600) / 10} sign-ins/min`,
        );
        const workload = createMixedWorkload({
          rate: options.rate,
          portfolioIds,
          users,
          publicToken: config.publicToken,
          historyStart: yearAgo(),
        });
        for (const call of workload.warmUp()) {
          const answer = await client.send(call);
          if (answer.status !== 200)
            throw new Error(`warming ${call.path} answered ${answer.status}`);
        }
        const result = await runLoad({
          client,
          nextSlot: workload.nextSlot,
          names: workload.names,
          rate: options.rate,
          durationMs: options.durationMs,
          serverPid: pid,
          onFirstError: (kind, call) => log(`first error of ${call}: ${kind}`),
        });
        const memory = memoryFigures(result.memory);
        const verdict = judge(result.calls, memory);
        return {
          database,
          rate: options.rate,
          duration_s: options.durationMs / 1000,
          portfolios: options.portfolios,
          ...result,
          memory,
          verdict,
        };
      } finally {
        client.close();
      }
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await seeded.dispose();
  }
}

type Run = Awaited<ReturnType<typeof runOn>>;

function print(run: Run) {
  for (const call of run.calls) {
    process.stdout.write(`${JSON.stringify({ ...call, database: run.database })}\n`);
  }
  const { memory, verdict } = run;
  log(
    [
      '',
      `${run.database}: ${run.portfolios} portfolios, ${run.rate} calls/s asked for ${run.duration_s} s`,
      callTable(run.calls),
      `sent ${run.sent_per_s}/s, answered ${run.answered_per_s}/s; slowest send ${run.max_send_lag_ms} ms late; server CPU ${run.server_cpu_pct} % of a core`,
      ...(Object.keys(run.skipped).length > 0
        ? [`not sent, nothing to move yet: ${JSON.stringify(run.skipped)}`]
        : []),
      `server RSS (MiB) ${memory.samples.map((sample) => `${sample.at_s}s ${sample.rss_mb}`).join(', ')}; growth ${memory.growth_mb}, over the second half ${memory.growth_second_half_mb}`,
      `verdict: ${verdict.met ? 'target met' : 'target missed'} (p99 < ${P99_TARGET_MS} ms: ${verdict.p99_under_target ? 'yes' : `no, ${verdict.slow_calls.join('; ')}`}; no errors: ${verdict.no_errors ? 'yes' : 'no'}; memory flat: ${verdict.memory_flat ? 'yes' : 'no'})`,
      '',
    ].join('\n'),
  );
}

async function main() {
  let options: LoadOptions;
  try {
    options = readLoadOptions(process.argv.slice(2), process.env.DATABASE_URL);
  } catch (error) {
    log(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const runs: Run[] = [];
  for (const database of options.databases) {
    const run = await runOn(database, options);
    print(run);
    runs.push(run);
  }
  process.stdout.write(
    `${JSON.stringify({
      runs: runs.map(({ database, calls, verdict, memory, ...rest }) => ({
        database,
        ...rest,
        memory: {
          start_mb: memory.start_mb,
          end_mb: memory.end_mb,
          growth_mb: memory.growth_mb,
          growth_second_half_mb: memory.growth_second_half_mb,
        },
        calls: Object.fromEntries(calls.map(({ call, ...figures }) => [call, figures])),
        verdict,
      })),
    })}\n`,
  );
  if (runs.some((run) => !run.verdict.met)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  log(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
