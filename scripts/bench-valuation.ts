/**
 * `npm run bench:valuation`: the daily valuation job (decision 024) at scale. PGlite by default;
 * a PostgreSQL server when DATABASE_URL is set (`scripts/with-postgres.sh npm run
 * bench:valuation`). Three figures:
 * - portfolio-days valued per second: the `large` scenario (10,000 portfolios with one day of
 *   history, `LARGE_COUNT` fewer) seeded into a fresh database, then the next business day
 *   valued for all of them. On PostgreSQL two processes each value half, `BENCH_CONNECTIONS`
 *   batches of portfolios at a time; PGlite belongs to one process and values one at a time.
 * - seconds to backfill a year: 100 portfolios (`BACKFILL_COUNT` fewer) opened a year before a
 *   fixed day, valued through it, month-end statements and the year's tax report included, as
 *   the job makes them.
 * - milliseconds per statement PDF, from the documents package's own benchmark.
 * Each is printed as one JSON line; the last line is one object with all three and the database.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portfoliosToValue, type ValuationScope } from '@ballast/api';
import { createDirectoryBlobStore, createSecretBox } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import Fastify from 'fastify';
import { readConfig } from '../apps/server/src/config.ts';
import { prepareIdentity, registerIdentity } from '../apps/server/src/identity-setup.ts';
import { seedScenario } from '../apps/server/src/seed/scenarios.ts';
import { bundledValuationEngines } from '../apps/server/src/valuation/valuation-engine.ts';
import { valueThrough } from '../apps/server/src/valuation/valuation-schedule.ts';
import type { WorkerJob, WorkerMessage } from './bench-valuation-worker.ts';

const LARGE_COUNT = Number(process.env.LARGE_COUNT ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const BACKFILL_PORTFOLIOS = Number(process.env.BACKFILL_COUNT ?? 100);
const WORKERS = 2;
const serverUrl = process.env.DATABASE_URL;
const database = serverUrl ? 'postgres' : 'pglite';

/** Fixed days, so every run values the same market: a Tuesday and the Wednesday after it. */
const OPENED_THROUGH = '2026-06-16';
const NEXT_DAY = '2026-06-17';
/** The backfill's accounts are seeded as of a year before its last day. */
const BACKFILL_FROM = '2025-06-17';

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

type Seeded = {
  database: TestDatabase;
  dataDir: string;
  encryptionKey: string;
  close(): Promise<void>;
};

/**
 * A fresh database with the `large` scenario of `count` portfolios, valued through `asOf`. The
 * identity service the seed signs its people up with is mounted on a Fastify instance that never
 * listens, as the firm command does.
 */
async function seeded(count: number, asOf: string): Promise<Seeded> {
  const fresh = await createTestDatabase(serverUrl);
  const dataDir = await mkdtemp(join(tmpdir(), 'ballast-bench-'));
  const config = readConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const identity = await prepareIdentity(config, fresh, 'http://localhost');
  const app = Fastify();
  const { services } = await registerIdentity(app, identity);
  const encryptionKey = identity.options.encryptionKey;
  const started = Date.now();
  await seedScenario('large', {
    database: fresh,
    identity: services,
    publicToken: identity.publicToken,
    box: createSecretBox(encryptionKey),
    blobs: createDirectoryBlobStore(join(dataDir, 'blobs')),
    asOf,
    largeCount: count,
  });
  log(`seeded ${count} portfolios as of ${asOf} in ${seconds(Date.now() - started)} s`);
  return {
    database: fresh,
    dataDir,
    encryptionKey,
    close: async () => {
      await app.close();
      await fresh.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function nextMessage(child: ChildProcess): Promise<WorkerMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a worker exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (message: WorkerMessage) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

type Run = { valued: number; ms: number };

/** Two processes each value half the portfolios; the clock runs from `go` to both done. */
async function valueInWorkers(target: Seeded, scope: ValuationScope): Promise<Run> {
  const refs = await portfoliosToValue(target.database.db, scope);
  const ids = refs.map((ref) => ref.portfolioId);
  const share = Math.ceil(ids.length / WORKERS);
  const children = Array.from({ length: WORKERS }, () =>
    fork(join(import.meta.dirname, 'bench-valuation-worker.ts'), { stdio: 'inherit' }),
  );
  try {
    const ready = children.map(async (child, index) => {
      const job: WorkerJob = {
        url: target.database.url as string,
        dataDir: target.dataDir,
        encryptionKey: target.encryptionKey,
        through: scope.through,
        portfolioIds: ids.slice(index * share, (index + 1) * share),
        concurrency: CONNECTIONS,
      };
      const answer = nextMessage(child);
      child.send(job);
      return answer;
    });
    await Promise.all(ready);
    const started = performance.now();
    const done = await Promise.all(
      children.map((child) => {
        const answer = nextMessage(child);
        child.send('go');
        return answer;
      }),
    );
    const ms = performance.now() - started;
    let valued = 0;
    for (const message of done) {
      if (message.type !== 'done') throw new Error('a worker answered out of turn');
      if (message.failures > 0) {
        throw new Error(
          `${message.failures} portfolios failed; the first: ${message.firstFailure}`,
        );
      }
      valued += message.valued;
    }
    return { valued, ms };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
  }
}

/** The embedded database's way: this process, one portfolio at a time. */
async function valueInProcess(target: Seeded, through: string): Promise<Run> {
  await bundledValuationEngines.through(through);
  const started = performance.now();
  const summary = await valueThrough(
    target.database.db,
    bundledValuationEngines,
    {
      blobs: createDirectoryBlobStore(join(target.dataDir, 'blobs')),
      box: createSecretBox(target.encryptionKey),
    },
    through,
  );
  const ms = performance.now() - started;
  const [first] = summary.failures;
  if (first)
    throw new Error(`${summary.failures.length} portfolios failed; the first: ${first.error}`);
  return { valued: summary.valued, ms };
}

function valueAll(target: Seeded, through: string): Promise<Run> {
  return serverUrl ? valueInWorkers(target, { through }) : valueInProcess(target, through);
}

async function portfolioDaysPerSecond(): Promise<number> {
  log(`seeding the large scenario into ${database} (this takes minutes)…`);
  const target = await seeded(LARGE_COUNT, OPENED_THROUGH);
  try {
    const run = await valueAll(target, NEXT_DAY);
    const perSecond = Math.round(run.valued / (run.ms / 1000));
    process.stdout.write(
      `${JSON.stringify({ measure: 'next day', valued: run.valued, seconds: seconds(run.ms), portfolio_days_per_s: perSecond, database })}\n`,
    );
    return perSecond;
  } finally {
    await target.close();
  }
}

async function backfillYear(): Promise<number> {
  const target = await seeded(BACKFILL_PORTFOLIOS, BACKFILL_FROM);
  try {
    const run = await valueAll(target, OPENED_THROUGH);
    process.stdout.write(
      `${JSON.stringify({ measure: 'backfill a year', portfolios: BACKFILL_PORTFOLIOS, valued: run.valued, seconds: seconds(run.ms), database })}\n`,
    );
    return seconds(run.ms);
  } finally {
    await target.close();
  }
}

/** The documents package's benchmark, in a process of its own as a statement job would be. */
function statementMs(): number {
  const output = execFileSync(
    process.execPath,
    [join(import.meta.dirname, '../packages/documents/bench/render-statement.ts')],
    { encoding: 'utf8' },
  );
  const last = output.trim().split('\n').at(-1) ?? '{}';
  const { statement_ms } = JSON.parse(last) as { statement_ms: number };
  process.stdout.write(`${JSON.stringify({ measure: 'statement', statement_ms })}\n`);
  return statement_ms;
}

async function main() {
  const perSecond = await portfolioDaysPerSecond();
  const backfill = await backfillYear();
  const statement = statementMs();
  process.stdout.write(
    `${JSON.stringify({ portfolio_days_per_s: perSecond, backfill_year_100_s: backfill, statement_ms: statement, database })}\n`,
  );
}

main().catch((error: unknown) => {
  log(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
