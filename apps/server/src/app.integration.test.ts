import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';

describe('the assembled app', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const config = { ...readConfig({ LOG_LEVEL: 'silent' }), publicUrl: undefined };
    app = await buildApp({ config, database });
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
      publicToken: 'public-token-test-ballast-demo',
    });
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

describe('health when the database is gone', () => {
  it('answers server_error without leaking the cause', async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL);
    const config = readConfig({ LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database });
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
