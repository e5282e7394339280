import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers.ts';
import { buildTestApp } from './testing.ts';

const EVERY_ANSWER = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

describe('security headers', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  let plain: FastifyInstance;
  let behindProxy: FastifyInstance;
  let publicHttps: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const build = async (env: Record<string, string>) => {
      const { app } = await buildTestApp(database, { ENGINE_THREADS: '0', ...env });
      apps.push(app);
      return app;
    };
    plain = await build({});
    behindProxy = await build({ TRUST_PROXY: 'true' });
    publicHttps = await build({ PUBLIC_URL: 'https://ballast.example' });
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.dispose();
  });

  it.each([
    ['/', 'text/html'],
    ['/portfolio/x', 'text/html'],
    ['/api/health', 'application/json'],
    ['/config.json', 'application/json'],
    ['/api/portfolios', 'application/json'],
    ['/sdk/v1/no-such-call', 'application/json'],
  ])('answers %s with the policy and its companions, and no HSTS over http', async (url, type) => {
    const response = await plain.inject({ method: 'GET', url });
    expect(response.headers['content-type']).toContain(type);
    expect(response.headers).toMatchObject(EVERY_ANSWER);
    expect(response.headers).not.toHaveProperty('strict-transport-security');
  });

  it('answers what the router refuses, before any hook runs, with them too', async () => {
    const response = await plain.inject({ method: 'GET', url: '/api/%c0' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'validation_error' });
    expect(response.headers).toMatchObject(EVERY_ANSWER);
  });

  it('leaves a stricter policy a page sets for itself in place', async () => {
    const outbox = await plain.inject({ method: 'GET', url: '/dev/outbox' });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.headers['content-security-policy']).toMatch(/^default-src 'none';/);
    expect(outbox.headers['x-frame-options']).toBe('DENY');
    expect(outbox.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends HSTS only when a trusted proxy says the request came over https', async () => {
    const forwarded = (app: FastifyInstance, proto: string) =>
      app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': proto } });

    const overHttps = await forwarded(behindProxy, 'https');
    expect(overHttps.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(overHttps.headers).toMatchObject(EVERY_ANSWER);
    const overHttp = await forwarded(behindProxy, 'http');
    expect(overHttp.headers).not.toHaveProperty('strict-transport-security');
    // Without TRUST_PROXY anyone can send the header, so it is not believed.
    const untrusted = await forwarded(plain, 'https');
    expect(untrusted.headers).not.toHaveProperty('strict-transport-security');
  });

  it('sends HSTS on every answer when PUBLIC_URL says browsers use https', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await publicHttps.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    }
  });
});
