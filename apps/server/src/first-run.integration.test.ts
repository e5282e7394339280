// The README's "Running for a real firm", step by step, on a fresh database in production mode:
// the firm command (as a container runs it, through main.ts), its re-runs and refusals, the real
// server, and the administrator's first sign-in by the link they were sent (decision 022).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const mainScript = join(import.meta.dirname, 'main.ts');
const FIRM = 'Harbor Capital Advisors';
const ADMIN = 'ada.byron@harbor.test';
const PASSWORD = 'Tidal charts guide the harbor 58';

type Mail = { to: string[]; text: string };
type Run = { code: number | null; stdout: string; stderr: string };

/** What the environment of an engineer following the README holds. */
let env: Record<string, string>;
let smtpUrl: string;
let publicUrl: string;
let database: TestDatabase | undefined;
let dataDir: string;
let smtp: SMTPServer;
const mails: Mail[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          text: decodeBody(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${addressPort(smtp.server.address())}`;
  dataDir = await mkdtemp(join(tmpdir(), 'ballast-first-run-'));
  // CI's PostgreSQL pass names a server; each run of this file gets a database of its own there.
  database = process.env.DATABASE_URL
    ? await createTestDatabase(process.env.DATABASE_URL)
    : undefined;
  const port = await freePort();
  publicUrl = `http://localhost:${port}`;
  env = {
    MODE: 'production',
    ENCRYPTION_KEY: randomBytes(36).toString('base64'),
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Ballast <no-reply@harbor.test>',
    PUBLIC_URL: publicUrl,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  };
});

afterAll(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await new Promise<void>((resolve) => smtp.close(resolve));
  await database?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

function addressPort(address: ReturnType<ReturnType<typeof createServer>['address']>): number {
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = addressPort(probe.address());
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The text of a mail as nodemailer writes it: quoted-printable when lines are long. */
function decodeBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
    .replace(/\r\n/g, '\n');
}

function spawnMain(args: string[], environment: Record<string, string>) {
  const child = spawn(process.execPath, [mainScript, ...args], {
    env: { PATH: process.env.PATH ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output, exited };
}

/** `node apps/server/src/main.ts firm …`, as the README's container line runs it. */
async function firm(args: string[], environment = env): Promise<Run> {
  const run = spawnMain(['firm', ...args], environment);
  const code = await run.exited;
  return { code, ...run.output };
}

function create(name: string, email: string, extra: string[] = []): string[] {
  return ['create', '--name', name, '--admin-email', email, ...extra];
}

function linkIn(text: string): string {
  const link = /(https?:\/\/\S+[?&]token=[\w-]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no sign-in link in: ${text}`);
  return link;
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** A refusal is one line on standard error, never a stack trace. */
function expectOneLineRefusal(run: Run, code: number, reason: string | RegExp): void {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(reason);
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

// Every step starts a Node process that opens the database; on two busy cores one takes half a
// minute, and the first migrates a fresh database too.
describe('the first run of an installation (README "Running for a real firm")', {
  timeout: 180_000,
}, () => {
  let firmId: string;
  let mailedLink: string;
  let printedLink: string;

  it('creates the firm and its administrator and mails them a link it does not print', async () => {
    const run = await firm(
      create(FIRM, 'Ada.Byron@Harbor.test', [
        '--admin-first-name',
        'Ada',
        '--admin-last-name',
        'Byron',
      ]),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    firmId = /Created the firm "Harbor Capital Advisors" \(id ([0-9a-f-]{36})\)\./.exec(
      run.stdout,
    )?.[1] as string;
    expect(firmId).toBeTruthy();
    expect(run.stdout).toContain(`administrator: ${ADMIN}`);
    expect(run.stdout).toContain(`sign-in link sent to ${ADMIN}; it works once, within 7 days.`);
    expect(run.stdout).not.toContain('token=');

    const mail = mails.at(-1);
    expect(mail?.to).toEqual([ADMIN]);
    mailedLink = linkIn(mail?.text ?? '');
    expect(mailedLink.startsWith(`${publicUrl}/auth/login?`)).toBe(true);
    expect(mail?.text).toContain(FIRM);
  });

  it('creates nothing when run again, and mails a fresh link while nobody has signed in', async () => {
    const run = await firm(create(FIRM.toUpperCase(), ADMIN));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `The firm "${FIRM}" (id ${firmId}) already exists with this administrator; nothing new was created.`,
    );
    expect(run.stdout).toContain(`${ADMIN} has not signed in yet, so a fresh link was made`);
    expect(run.stdout).toContain(`sign-in link sent to ${ADMIN}`);
    expect(mails).toHaveLength(2);
  });

  it('refuses, in one line, a second firm of that name or a person in two firms', async () => {
    expectOneLineRefusal(
      await firm(create('Another Firm', ADMIN)),
      1,
      `${ADMIN} is already a user of the firm "${FIRM}"`,
    );
    expectOneLineRefusal(
      await firm(create(FIRM, 'grace.hopper@harbor.test')),
      1,
      `A firm named "${FIRM}" already exists (${firmId})`,
    );
    expect(mails).toHaveLength(2);
  });

  it('refuses arguments it cannot use before it opens the database', async () => {
    // firm-command.test.ts tries each kind; this is the process's side: exit code 2, one line.
    expectOneLineRefusal(
      await firm(['create', '--name', FIRM]),
      2,
      '--admin-email is required. Run with --help for usage.',
    );
  });

  it('prints the link instead when no mail transport is configured', async () => {
    const { SMTP_URL: _unset, ...withoutMail } = env;
    const run = await firm(create(FIRM, ADMIN), withoutMail);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('No mail transport is configured (SMTP_URL)');
    printedLink = linkIn(run.stdout);
    expect(mails).toHaveLength(2);
  });

  it('lets the administrator open the link, set a password and use the api as ADMINISTRATOR', async () => {
    const server = spawnMain([], env);
    await new Promise<void>((resolve, reject) => {
      server.child.stdout?.on('data', () => {
        if (server.output.stdout.includes('Ballast is running at')) resolve();
      });
      void server.exited.then((code) =>
        reject(new Error(`exited ${code}: ${server.output.stderr}`)),
      );
    });
    expect(server.output.stdout).toContain(`Ballast is running at ${publicUrl} (production mode)`);
    expect(server.output.stdout).not.toContain('outbox');

    const { publicToken } = (await (await fetch(`${publicUrl}/config.json`)).json()) as {
      publicToken: string;
    };
    const sdk = (path: string, body: object, sessionToken = publicToken) =>
      fetch(`${publicUrl}/sdk/v1${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${publicToken}:${sessionToken}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });

    // Each new link ends the one before it.
    const stale = await sdk('/magic_links/authenticate', {
      token: tokenOf(mailedLink),
      session_duration_minutes: 60,
    });
    expect(stale.status).toBeGreaterThanOrEqual(400);

    const opened = await sdk('/magic_links/authenticate', {
      token: tokenOf(printedLink),
      session_duration_minutes: 60,
    });
    expect(opened.status).toBe(200);
    const { data: first } = (await opened.json()) as {
      data: {
        session_token: string;
        user: { password: unknown; webauthn_registrations: unknown[] };
      };
    };
    // What the web app reads to ask for a password or passkey.
    expect(first.user.password).toBeNull();
    expect(first.user.webauthn_registrations).toEqual([]);

    const reset = await sdk(
      '/passwords/session/reset',
      { password: PASSWORD, session_duration_minutes: 60 },
      first.session_token,
    );
    expect(reset.status).toBe(200);

    const signedIn = await sdk('/passwords/authenticate', {
      email: ADMIN,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    expect(signedIn.status).toBe(200);
    const { data: session } = (await signedIn.json()) as { data: { session_jwt: string } };
    const self = await fetch(`${publicUrl}/api/advisors/self`, {
      headers: { authorization: `Bearer ${session.session_jwt}` },
    });
    expect(self.status).toBe(200);
    expect(await self.json()).toMatchObject({
      email: ADMIN,
      first_name: 'Ada',
      last_name: 'Byron',
      role: 'ADMINISTRATOR',
      status: 'ACTIVE',
      firm_id: firmId,
    });

    expect((await fetch(`${publicUrl}/dev/outbox`)).status).toBe(404);
    expect((await fetch(`${publicUrl}/dev/outbox.json`)).status).toBe(404);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('sends nothing once the administrator has signed in', async () => {
    const run = await firm(create(FIRM, ADMIN));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('already exists with this administrator');
    expect(run.stdout).toContain(`${ADMIN} has signed in already, so no link was sent.`);
    expect(run.stdout).not.toContain('token=');
    expect(mails).toHaveLength(2);
  });
});
