/**
 * Acknowledged means kept: several clients send requests and operations move them while the
 * server is killed with SIGKILL at random moments, 20 times, and started again on the same data.
 * Every request the server acknowledged is there afterwards, none is there twice (clients resend
 * under the same Idempotency-Key, decision 029), and each portfolio's status and its actions'
 * transition logs agree.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portfolioStatus } from '@ballast/api';
import type { ActionState, ActionType, PortfolioStatus } from '@ballast/contract';
import { makePortfolioInputs } from '@ballast/contract/testing';
import { connectDatabase, schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type ServerProcess,
  type Session,
  signInWithPassword,
  startServerProcess,
} from './server-process.ts';

const ROUNDS = 20;
// The demo firm without its years of history, and no simulation threads, which take the most
// time of a start and have no part in requests.
const QUICK_START = { SEED_SCENARIO: 'minimal', ENGINE_THREADS: '0' };
const CLIENTS = 3;

/** Where the server is and whether it is up; clients wait on `up` while it is down. */
class ServerGate {
  url = '';
  advisor: Session = { jwt: '', sessionToken: '' };
  operations: Session = { jwt: '', sessionToken: '' };
  private opened!: Promise<void>;
  private open!: () => void;

  constructor() {
    this.close();
  }

  close(): void {
    this.opened = new Promise((resolve) => {
      this.open = resolve;
    });
  }

  reopen(): void {
    this.open();
  }

  up(): Promise<void> {
    return this.opened;
  }
}

type Acknowledged = {
  /** Idempotency key → the action the server answered with. */
  requests: Map<string, string>;
  /** Every move operations was answered 200 for: action id and the state it moved to. */
  moves: { actionId: string; to: string }[];
  keysSent: Set<string>;
};

/** One call; undefined when the server was not there to answer (killed meanwhile). */
async function call(
  gate: ServerGate,
  as: 'advisor' | 'operations',
  method: string,
  path: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> } | undefined> {
  await gate.up();
  try {
    const response = await fetch(`${gate.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${gate[as].jwt}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  } catch {
    return undefined;
  }
}

/** Sends deposits on one portfolio, resending each under its key until it is answered. */
async function client(
  gate: ServerGate,
  portfolioId: string,
  acked: Acknowledged,
  stopped: () => boolean,
): Promise<void> {
  while (!stopped()) {
    const key = crypto.randomUUID();
    acked.keysSent.add(key);
    let actionId: string | undefined;
    while (actionId === undefined) {
      const answer = await call(
        gate,
        'advisor',
        'POST',
        `/portfolios/${portfolioId}/request-deposit`,
        { action_payload: { cash: 1000 } },
        { 'idempotency-key': key },
      );
      if (answer === undefined) continue;
      if (answer.status !== 201) throw new Error(`deposit answered ${answer.status}`);
      actionId = String(answer.json.id);
    }
    acked.requests.set(key, actionId);
    await completeByOperations(gate, portfolioId, actionId, acked);
  }
}

/** Operations takes the request up and completes it, whatever state a lost answer left it in. */
async function completeByOperations(
  gate: ServerGate,
  portfolioId: string,
  actionId: string,
  acked: Acknowledged,
): Promise<void> {
  const path = `/portfolios/${portfolioId}/actions/${actionId}`;
  for (;;) {
    const current = await call(gate, 'operations', 'GET', path);
    if (current === undefined) continue;
    const state = current.json.state;
    if (state === 'COMPLETED') return;
    const to = state === 'PENDING' ? 'COMPLETED' : 'PENDING';
    const moved = await call(gate, 'operations', 'PUT', path, { state: to });
    if (moved?.status === 200) acked.moves.push({ actionId, to });
  }
}

async function openAccount(gate: ServerGate): Promise<string> {
  const created = await call(gate, 'advisor', 'POST', '/portfolios', {});
  const id = String(created?.json.portfolio_id);
  const saved = await call(
    gate,
    'advisor',
    'PUT',
    `/portfolios/${id}/inputs`,
    makePortfolioInputs(),
  );
  expect(saved?.status).toBe(200);
  const opened = await call(gate, 'advisor', 'POST', `/portfolios/${id}/open`, {
    action_payload: {},
  });
  expect(opened?.status).toBe(201);
  await completeByOperations(gate, id, String(opened?.json.id), {
    requests: new Map(),
    moves: [],
    keysSent: new Set(),
  });
  return id;
}

async function start(env: Record<string, string>, gate: ServerGate): Promise<ServerProcess> {
  const server = startServerProcess(env);
  gate.url = await server.running;
  const users = server.users();
  const user = (role: string) =>
    users.find((u) => u.role === role) ?? { role, email: '', password: '' };
  gate.advisor = await signInWithPassword(gate.url, user('ADVISOR'));
  gate.operations = await signInWithPassword(gate.url, user('OPERATIONS'));
  gate.reopen();
  return server;
}

/** Runs the rounds against the server's database, then checks what it kept. */
async function killRounds(env: Record<string, string>, open: () => Promise<Kept>) {
  const gate = new ServerGate();
  let server = await start(env, gate);
  const portfolioIds: string[] = [];
  for (let i = 0; i < CLIENTS; i++) portfolioIds.push(await openAccount(gate));
  const acked: Acknowledged = { requests: new Map(), moves: [], keysSent: new Set() };
  let stop = false;
  const clients = portfolioIds.map((id) => client(gate, id, acked, () => stop));

  for (let round = 0; round < ROUNDS; round++) {
    const before = acked.requests.size + acked.moves.length;
    // Let some work be acknowledged, then kill at a random moment within the next half second.
    await until(() => acked.requests.size + acked.moves.length >= before + 2);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 500));
    gate.close();
    server.kill('SIGKILL');
    await server.exited;
    server = await start(env, gate);
  }
  stop = true;
  await Promise.all(clients);
  server.kill('SIGTERM');
  await server.exited;

  const kept = await open();
  try {
    await checkKept(kept, portfolioIds, acked);
  } finally {
    await kept.close();
  }
  return acked;
}

/** Waits until `condition` holds, checking whenever the event loop is free. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

type Kept = { db: TestDatabase['db']; close(): Promise<void> };

async function checkKept(kept: Kept, portfolioIds: string[], acked: Acknowledged) {
  const { actions, actionTransitions, portfolios } = schema;
  const rows = await kept.db
    .select()
    .from(actions)
    .where(inArray(actions.portfolioId, portfolioIds));
  const deposits = rows.filter((row) => row.actionType === 'REQUEST-DEPOSIT');

  // Every acknowledged request is there, under the key it was sent with.
  for (const [key, actionId] of acked.requests) {
    expect(deposits.find((row) => row.id === actionId)?.idempotencyKey).toBe(key);
  }
  // None twice: one action per key, and no action without a key the clients sent.
  const keys = deposits.map((row) => row.idempotencyKey);
  expect(new Set(keys).size).toBe(keys.length);
  for (const key of keys) expect(acked.keysSent.has(key ?? '')).toBe(true);
  expect(deposits.length).toBe(acked.requests.size);

  const log = await kept.db
    .select()
    .from(actionTransitions)
    .where(
      inArray(
        actionTransitions.actionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(actionTransitions.id));
  // Every acknowledged move is in the log.
  for (const move of acked.moves) {
    expect(log.some((t) => t.actionId === move.actionId && t.toState === move.to)).toBe(true);
  }
  // Each action's log is one unbroken chain from its creation to its present state.
  for (const row of rows) {
    const chain = log.filter((t) => t.actionId === row.id);
    expect(chain[0]?.fromState).toBeNull();
    expect(chain.slice(1).map((t) => t.fromState)).toEqual(
      chain.slice(0, -1).map((t) => t.toState),
    );
    expect(chain.at(-1)?.toState).toBe(row.state);
  }
  // And each portfolio's status is the one its actions make.
  const statuses = await kept.db
    .select({ id: portfolios.id, status: portfolios.status })
    .from(portfolios)
    .where(inArray(portfolios.id, portfolioIds));
  for (const { id, status } of statuses) {
    const own = rows
      .filter((row) => row.portfolioId === id)
      .map((row) => ({ type: row.actionType as ActionType, state: row.state as ActionState }));
    expect(portfolioStatus(own, status as PortfolioStatus)).toBe(status);
  }
}

describe('requests survive kill -9 of the server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  // CI runs the integration tests once on each database; each round restarts a whole server.
  it.runIf(!process.env.DATABASE_URL)(
    'on the embedded database',
    { timeout: 900_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'ballast-kill-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = { PORT: String(await freePort()), DATA_DIR: dataDir, ...QUICK_START };
      const acked = await killRounds(env, async () => {
        const database = await connectDatabase({
          kind: 'pglite',
          dataDir: join(dataDir, 'pglite'),
        });
        return { db: database.db, close: () => database.close() };
      });
      console.info(
        `embedded: ${ROUNDS} kills, ${acked.requests.size} requests and ${acked.moves.length} moves acknowledged, all kept`,
      );
    },
  );

  it.runIf(process.env.DATABASE_URL)('on a PostgreSQL server', { timeout: 900_000 }, async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL);
    cleanups.push(() => database.dispose());
    const dataDir = await mkdtemp(join(tmpdir(), 'ballast-kill-pg-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      ...QUICK_START,
    };
    const acked = await killRounds(env, async () => ({ db: database.db, close: async () => {} }));
    console.info(
      `PostgreSQL: ${ROUNDS} kills, ${acked.requests.size} requests and ${acked.moves.length} moves acknowledged, all kept`,
    );
  });
});
