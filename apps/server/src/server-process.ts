import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const MAIN = join(import.meta.dirname, 'main.ts');

/** A demo user as the server prints it on start (`demo user: ROLE email password`). */
export type PrintedUser = { role: string; email: string; password: string };

export type ServerProcess = {
  /** Resolves with the server's URL once it prints that it is running. */
  running: Promise<string>;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
  /** The demo users the server printed, once it is running. */
  users(): PrintedUser[];
  kill(signal: NodeJS.Signals): void;
  child: ChildProcess;
};

/**
 * `npm start` as a child process of its own (`apps/server/src/main.ts`, or another entry point
 * such as `identity-main.ts`, or one of its commands with `args`), so a test or a benchmark can
 * reach it over real HTTP, kill it with SIGKILL and start it again on the same data. The
 * environment is only what `env` names, with the PATH, and warnings and errors logged.
 */
export function startServerProcess(
  env: Record<string, string>,
  { script = MAIN, args = [] }: { script?: string; args?: string[] } = {},
): ServerProcess {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const running = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /Ballast (?:identity service )?is running at (\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`the server exited with ${code}: ${stderr}`)));
  });
  // A caller that expects the process to exit never awaits `running`; its rejection is expected.
  running.catch(() => undefined);
  return {
    running,
    exited,
    output: () => ({ stdout, stderr }),
    users: () =>
      [...stdout.matchAll(/^demo user: (\S+) (\S+) (.+)$/gm)].map(([, role, email, password]) => ({
        role: role ?? '',
        email: email ?? '',
        password: password ?? '',
      })),
    kill: (signal) => child.kill(signal),
    child,
  };
}

/** A port nothing listens on now, so a server restarted on it keeps its address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type Session = { jwt: string; sessionToken: string };

/** Signs a user in with their password through the identity service, as the web app does. */
export async function signInWithPassword(url: string, user: PrintedUser): Promise<Session> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { publicToken: string };
  const basic = Buffer.from(`${config.publicToken}:${config.publicToken}`).toString('base64');
  const response = await fetch(`${url}/sdk/v1/passwords/authenticate`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      session_duration_minutes: 60,
    }),
  });
  const body = (await response.json()) as { data?: { session_jwt: string; session_token: string } };
  if (!body.data) throw new Error(`${user.email} could not sign in: ${response.status}`);
  return { jwt: body.data.session_jwt, sessionToken: body.data.session_token };
}
