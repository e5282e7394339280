import { createTestDatabase, linkMailedTo, type TestDatabase } from '@ballast/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from './testing.ts';

type Answer = { status: number; error_type?: string; data?: { session_jwt?: string } };

/** The server over real HTTP on 127.0.0.1, as a browser that opened the demo there reaches it. */
async function serve(database: TestDatabase, env: Record<string, string> = {}) {
  const built = await buildTestApp(database, env);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sdk = async (path: string, body: object): Promise<Answer> => {
    const response = await fetch(`${origin}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${built.publicToken}:${built.publicToken}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, ...((await response.json()) as object) };
  };
  return { app: built.app, origin, sdk };
}

describe('links in e-mails of a demo opened at 127.0.0.1', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('lead back to 127.0.0.1, and the link signs the person in', async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const server = await serve(database);
    app = server.app;
    const email = 'ada@example.com';
    const sent = await server.sdk('/magic_links/email/login_or_create', {
      email,
      login_magic_link_url: `${server.origin}/auth/login`,
      signup_magic_link_url: `${server.origin}/auth/login`,
    });
    expect(sent.status).toBe(200);
    const link = await linkMailedTo(database.db, email);
    expect(link.startsWith(`${server.origin}/auth/login?`)).toBe(true);
    const signedIn = await server.sdk('/magic_links/authenticate', {
      token: new URL(link).searchParams.get('token'),
      session_duration_minutes: 60,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.data?.session_jwt).toBeTruthy();

    // A reset asked for without naming a page goes to this origin's reset page.
    await server.sdk('/passwords/email/reset/start', { email });
    const reset = await linkMailedTo(database.db, email, link);
    expect(reset.startsWith(`${server.origin}/auth/reset-password?`)).toBe(true);

    // The call's own origin is allowed, not any other.
    const elsewhere = await server.sdk('/magic_links/email/login_or_create', {
      email: 'grace@example.com',
      login_magic_link_url: 'http://evil.example/auth/login',
    });
    expect(elsewhere).toMatchObject({ status: 400, error_type: 'invalid_redirect_url' });
  });

  it('lead only to PUBLIC_URL once it is set', async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const server = await serve(database, { PUBLIC_URL: 'https://ballast.harbor.example' });
    app = server.app;
    const refused = await server.sdk('/magic_links/email/login_or_create', {
      email: 'ada@example.com',
      login_magic_link_url: `${server.origin}/auth/login`,
    });
    expect(refused).toMatchObject({ status: 400, error_type: 'invalid_redirect_url' });
  });
});
