/**
 * `npm run bench:api`: the provider API under load on the `large` scenario (10,000 portfolios,
 * 300,000 asset lines). Seeds a fresh database, starts the real server as a child process, signs
 * in as the demo administrator and runs autocannon against four calls. PGlite by default; a
 * PostgreSQL server when DATABASE_URL is set (`scripts/with-postgres.sh npm run bench:api`).
 * Prints one JSON line per call, and as its last line one object with all four and the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEMO_USERS } from '../apps/server/src/seed/demo-firm.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/** Starts the server and resolves with its URL once it says it is running. */
function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../apps/server/src/main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      MODE: 'demo',
      SEED_SCENARIO: 'large',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Ballast is running at (\S+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

async function signIn(url: string): Promise<string> {
  const { publicToken } = (await (await fetch(`${url}/config.json`)).json()) as {
    publicToken: string;
  };
  const admin = DEMO_USERS.find((user) => user.role === 'ADMINISTRATOR');
  const response = await fetch(`${url}/sdk/v1/passwords/authenticate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
    },
    body: JSON.stringify({
      email: admin?.email,
      password: admin?.password,
      session_duration_minutes: 120,
    }),
  });
  const body = (await response.json()) as { data?: { session_jwt?: string } };
  if (!body.data?.session_jwt) throw new Error(`sign-in failed: ${response.status}`);
  return body.data.session_jwt;
}

type Figures = { rps: number; p50_ms: number; p99_ms: number };

async function measure(
  name: string,
  url: string,
  jwt: string,
  request: { method: 'GET' | 'POST'; path: () => string; body?: string; amount?: number },
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(request.amount ? { amount: request.amount } : {}),
    // As a browser sends them.
    headers: {
      authorization: `Bearer ${jwt}`,
      'content-type': 'application/json',
      'accept-encoding': 'gzip, deflate, br',
    },
    requests: [
      {
        method: request.method,
        ...(request.body ? { body: request.body } : {}),
        setupRequest: (req) => ({ ...req, path: request.path() }),
      },
    ],
  });
  const figures = {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
  };
  process.stdout.write(
    `${JSON.stringify({ call: name, ...figures, requests: result.requests.total, non_2xx: result.non2xx, errors: result.errors, database })}\n`,
  );
  return figures;
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'ballast-bench-'));
  log(`seeding the large scenario into ${database} (this takes a few minutes)…`);
  const started = Date.now();
  const { url, child } = await startServer(dataDir);
  try {
    log(`server ready at ${url} after ${Math.round((Date.now() - started) / 1000)} s`);
    const jwt = await signIn(url);
    const list = (await (
      await fetch(`${url}/api/portfolios`, { headers: { authorization: `Bearer ${jwt}` } })
    ).json()) as { portfolios: { id: string; status: string }[] };
    const ids = list.portfolios.filter((p) => p.status === 'IN-GOOD-ORDER').map((p) => p.id);
    log(`${list.portfolios.length} portfolios listed`);
    const rotating = () => {
      let next = 0;
      return () => ids[next++ % ids.length] as string;
    };
    const detailId = rotating();
    const holdingId = rotating();
    // One request per portfolio: a second open deposit request would rightly be refused (409).
    const depositId = rotating();
    const results = {
      'GET /portfolios': await measure('GET /portfolios', url, jwt, {
        method: 'GET',
        path: () => '/api/portfolios',
      }),
      'GET /portfolios/{id}': await measure('GET /portfolios/{id}', url, jwt, {
        method: 'GET',
        path: () => `/api/portfolios/${detailId()}`,
      }),
      'GET /portfolios/{id}/holding': await measure('GET /portfolios/{id}/holding', url, jwt, {
        method: 'GET',
        path: () => `/api/portfolios/${holdingId()}/holding`,
      }),
      'POST /portfolios/{id}/request-deposit': await measure(
        'POST /portfolios/{id}/request-deposit',
        url,
        jwt,
        {
          method: 'POST',
          path: () => `/api/portfolios/${depositId()}/request-deposit`,
          body: JSON.stringify({ action_payload: { cash: 10_000 } }),
          // Each portfolio takes one; more would be refused, rightly, as a second open request.
          amount: ids.length,
        },
      ),
    };
    process.stdout.write(`${JSON.stringify({ ...results, database })}\n`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  log(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
