import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { signInWithPassword, startServerProcess } from './server-process.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];
const databases: TestDatabase[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  for (const database of databases.splice(0)) await database.dispose();
});

function startServer(env: Record<string, string>, script?: string) {
  const server = startServerProcess(env, script ? { script } : {});
  children.push(server.child);
  return server;
}

// Each test starts a whole server in a process of its own: a fresh embedded database and the
// server's modules take tens of seconds on a loaded two-core machine.
describe('the server entry point', { timeout: 180_000 }, () => {
  it('migrates, seeds and serves on the configured port, printing where', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ballast-main-'));
    dirs.push(dataDir);
    // The minimal scenario: the demo firm and its sign-ins without the demo's years of history,
    // which the seed scenarios' own test values.
    const server = startServer({
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_SCENARIO: 'minimal',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    });
    const url = await server.running;
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    const { stdout } = server.output();
    expect(stdout).toContain('demo firm: Ballast Demo Advisors');
    expect(stdout).toMatch(/^demo user: ADMINISTRATOR administrator@demo\.ballast\.test \S.+$/m);
    expect(stdout.match(/^demo user: /gm)).toHaveLength(5);

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const config = (await (await fetch(`${url}/config.json`)).json()) as {
      apiUrl: string;
      publicToken: string;
    };
    expect(config.apiUrl).toBe(`${url}/api`);
    expect(config.publicToken).toMatch(/^public-token-test-/);

    // A demo user signs in with the printed password.
    const line = /^demo user: ADVISOR (\S+) (.+)$/m.exec(stdout);
    const signIn = await fetch(`${url}/sdk/v1/passwords/authenticate`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.publicToken}:${config.publicToken}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: line?.[1], password: line?.[2], session_duration_minutes: 60 }),
    });
    expect(signIn.status).toBe(200);
  });

  it('answers on the demo before its history is valued, then prints the history’s progress', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ballast-demo-'));
    dirs.push(dataDir);
    // A database of its own on a server: the other tests' demo firm there already has portfolios,
    // and a demo firm with portfolios is not seeded again.
    const database = process.env.DATABASE_URL
      ? await createTestDatabase(process.env.DATABASE_URL)
      : undefined;
    if (database) databases.push(database);
    const server = startServer({
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_SCENARIO: 'demo',
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    });
    const url = await server.running;
    // Decision 035: the URL and the sign-ins come first; the years of history are valued after.
    expect(server.output().stdout).not.toContain('demo history:');
    expect(server.users()).toHaveLength(5);
    const advisor = server.users().find((user) => user.role === 'ADVISOR');
    if (!advisor) throw new Error('no demo advisor was printed');
    const { jwt } = await signInWithPassword(url, advisor);
    const headers = { authorization: `Bearer ${jwt}` };
    const list = await fetch(`${url}/api/portfolios`, { headers });
    expect(list.status).toBe(200);
    const progress = await fetch(`${url}/api/valuation-progress`, { headers });
    expect(await progress.json()).toMatchObject({ is_behind: true });

    const line = /^demo history: valued through (\d{4}-\d{2}-\d{2}) of (\d{4}-\d{2}-\d{2})$/m;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (line.test(server.output().stdout)) resolve();
      };
      server.child.stdout?.on('data', check);
      void server.exited.then((code) => reject(new Error(`the server exited with ${code}`)));
      check();
    });
    const [, valued = '', through = ''] = line.exec(server.output().stdout) ?? [];
    expect(valued < through).toBe(true);
  });

  it('keeps the same identity project and demo users across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ballast-restart-'));
    dirs.push(dataDir);
    const env = {
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_SCENARIO: 'minimal',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    };
    const tokenOf = async (url: string) =>
      ((await (await fetch(`${url}/config.json`)).json()) as { publicToken: string }).publicToken;

    const first = startServer(env);
    const firstToken = await tokenOf(await first.running);
    for (const child of children.splice(0)) child.kill('SIGTERM');
    await first.exited;

    const second = startServer(env);
    expect(await tokenOf(await second.running)).toBe(firstToken);
    expect(second.output().stdout.match(/^demo user: /gm)).toHaveLength(5);
  });

  it('runs the identity service on its own', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ballast-identity-'));
    dirs.push(dataDir);
    const server = startServer(
      {
        PORT: '0',
        DATA_DIR: dataDir,
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
      join(import.meta.dirname, 'identity-main.ts'),
    );
    const url = await server.running;
    const publicToken = /public token: (\S+)/.exec(server.output().stdout)?.[1] ?? '';
    expect(publicToken).toMatch(/^public-token-test-/);
    const bootstrap = await fetch(`${url}/sdk/v1/projects/bootstrap/${publicToken}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
      },
    });
    expect(bootstrap.status).toBe(200);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/health`)).status).toBe(404);
  });

  it('refuses to start with bad configuration and names each bad variable', async () => {
    const server = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://db/ballast' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT:');
    expect(stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });
});
