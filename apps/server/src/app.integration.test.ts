import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './testing.ts';

describe('the assembled app', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let publicToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const built = await buildTestApp(database);
    app = built.app;
    publicToken = built.publicToken;
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('reports healthy after asking the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('tells the browser where the api and identity service are, from the request host', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/config.json',
      headers: { host: 'ballast.internal:8443' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      apiUrl: 'http://ballast.internal:8443/api',
      identityUrl: 'http://ballast.internal:8443',
      publicToken,
      signIn: {
        methods: ['password', 'email_link', 'email_code', 'sms_code', 'passkey', 'wallet'],
        oauthProviders: [],
        sms: true,
        sessionMinutes: 720,
      },
      support: { phone: '(800)-555-0199', email: 'support@ballast.localhost' },
    });
  });

  it('serves the identity service for the project in /config.json, and the demo outbox', async () => {
    expect(publicToken).toMatch(/^public-token-test-[0-9a-f-]{36}$/);
    const bootstrap = await app.inject({
      method: 'GET',
      url: `/sdk/v1/projects/bootstrap/${publicToken}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
      },
    });
    expect(bootstrap.statusCode).toBe(200);
    expect(bootstrap.json()).toMatchObject({
      data: { project_name: 'Ballast', password_config: null },
    });
    const jwks = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.json()).toMatchObject({ keys: [expect.objectContaining({ alg: 'ES256' })] });
    const outbox = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json()).toEqual([]);
  });

  it('serves the OpenAPI document and its reference page, with the viewer from the package', async () => {
    const document = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({
      openapi: '3.1.0',
      paths: { '/portfolios': expect.any(Object) },
    });
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const bundle = await app.inject({
      method: 'GET',
      url: '/api/docs/assets/swagger-ui-bundle.js',
    });
    expect(bundle.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/docs/assets/package.json' })).statusCode,
    ).toBe(404);
  });

  it('serves the web app at / and for every client-side route', async () => {
    for (const url of [
      '/',
      '/auth/login',
      '/portfolio/8a0c6d8e-1111-4222-8333-944445555666?tab=1',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('answers what the router refuses in the error envelope, not in a shape of its own', async () => {
    const cases = [
      // Not UTF-8 once decoded: a lone surrogate's bytes.
      ['/api/portfolios/%ED%A0%80', 'The request path is not valid.'],
      [`/api/portfolios/${'a'.repeat(500)}`, 'A part of the request path is too long.'],
    ] as const;
    for (const [url, detail] of cases) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        type: 'validation_error',
        errors: [{ code: 'invalid', detail, attr: 'non_field_errors' }],
      });
    }
  });

  it('answers unknown api paths and missing files with the not_found envelope', async () => {
    for (const url of ['/api/no-such-call', '/assets/missing.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        type: 'client_error',
        errors: [{ code: 'not_found', detail: 'Not found.', attr: null }],
      });
    }
  });
});

describe('production mode', () => {
  it('keeps no outbox: mail goes to the configured SMTP server', async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL);
    const { app } = await buildTestApp(database, {
      MODE: 'production',
      ENCRYPTION_KEY: 'k'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://ballast.example.com',
      IDENTITY_PUBLIC_TOKEN: 'public-token-live-0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
    });
    const outbox = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
    const config = await app.inject({ method: 'GET', url: '/config.json' });
    await app.close();
    await database.dispose();
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json()).toMatchObject({ type: 'client_error' });
    expect(config.json()).toEqual({
      apiUrl: 'https://ballast.example.com/api',
      identityUrl: 'https://ballast.example.com',
      publicToken: 'public-token-live-0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
      signIn: {
        methods: ['password', 'email_link', 'email_code', 'passkey', 'wallet'],
        oauthProviders: [],
        sms: false,
        sessionMinutes: 720,
      },
      support: { phone: '(800)-555-0199', email: 'support@ballast.localhost' },
    });
  });
});

describe('session length', () => {
  it('is bounded by SESSION_MAX_MINUTES', async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL);
    const { app, publicToken } = await buildTestApp(database, { SESSION_MAX_MINUTES: '60' });
    const signUp = (minutes: number) =>
      app.inject({
        method: 'POST',
        url: '/sdk/v1/passwords',
        headers: {
          authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        payload: {
          email: `bounded.${minutes}@ballast.test`,
          password: 'granite shoals beneath calm water 7702',
          session_duration_minutes: minutes,
        },
      });
    const tooLong = await signUp(61);
    const allowed = await signUp(60);
    await app.close();
    await database.dispose();
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error_type: 'invalid_session_duration' });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never carry the query string, where sign-in tokens travel', async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL);
    const lines: string[] = [];
    const { app } = await buildTestApp(
      database,
      { LOG_LEVEL: 'info' },
      { write: (line) => lines.push(line) },
    );
    await app.inject({
      method: 'GET',
      url: '/auth/login?stytch_token_type=magic_links&token=SECRET-TOKEN-123',
    });
    await app.close();
    await database.dispose();
    const logged = lines.join('');
    expect(logged).toContain('/auth/login');
    expect(logged).not.toContain('SECRET-TOKEN-123');
  });
});

describe('health when the database is gone', () => {
  it('answers server_error without leaking the cause', async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL);
    const { app } = await buildTestApp(database);
    await database.dispose();

    const response = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      type: 'server_error',
      errors: [{ code: 'error', detail: 'A server error occurred.', attr: null }],
    });
  });
});
