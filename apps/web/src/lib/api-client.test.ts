import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPortfolio, requestDeposit } from '@ballast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';

const PORTFOLIO = '5f2d1f5c-8a3e-4c5e-9a57-2b3c4d5e6f70';

// A real HTTP server that refuses a call with an expired session (401) and records every call.
describe('the api client', () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    const renewed = request.headers.authorization === 'Bearer renewed';
    response.writeHead(renewed ? 201 : 401, { 'content-type': 'application/json' });
    response.end(renewed ? '{}' : '{"type":"client_error","errors":[]}');
  });
  let baseUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () =>
    createApiClient({
      baseUrl: `${baseUrl}/api`,
      getToken: () => 'expired',
      renewToken: async () => 'renewed',
    });

  it('sends a request again after renewing the session under the same Idempotency-Key', async () => {
    seen.length = 0;
    await client().request(requestDeposit, {
      params: { id: PORTFOLIO },
      body: { action_payload: { cash: 100 } },
    });
    const keys = seen.map((headers) => headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives each request a key of its own', async () => {
    seen.length = 0;
    const api = client();
    for (let i = 0; i < 2; i++) {
      await api.request(requestDeposit, {
        params: { id: PORTFOLIO },
        body: { action_payload: { cash: 100 } },
      });
    }
    expect(new Set(seen.map((headers) => headers['idempotency-key'])).size).toBe(2);
  });

  it('sends no key with a call that makes nothing', async () => {
    seen.length = 0;
    await client()
      .request(getPortfolio, { params: { id: PORTFOLIO } })
      .catch(() => undefined);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((headers) => headers['idempotency-key'] === undefined)).toBe(true);
  });
});
