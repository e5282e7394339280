import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { registerErrorHandling } from './error-handling.ts';

describe('error handling', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/refused/:code', async (request) => {
      const { code } = request.params as { code: 'permission_denied' | 'resource_gone' };
      throw new AppError(code, 'You may not do that.');
    });
    app.post('/validated', async (request) =>
      z
        .object({ custodians: z.array(z.object({ account_number: z.string() })) })
        .parse(request.body),
    );
    app.get('/broken', async () => {
      throw new Error('relation "owners" does not exist at /srv/ballast/packages/db');
    });
    app.get('/busy', async () => {
      throw Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
    });
    await app.ready();
  });

  afterAll(() => app.close());

  it.each([
    ['permission_denied', 403],
    ['resource_gone', 410],
  ])('answers AppError(%s) with status %i and the client_error envelope', async (code, status) => {
    const response = await app.inject({ method: 'GET', url: `/refused/${code}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({
      type: 'client_error',
      errors: [{ code, detail: 'You may not do that.', attr: null }],
    });
  });

  it('answers a failed schema with validation_error items whose attrs are dotted paths', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/validated',
      payload: { custodians: [{ account_number: 'ABC-123456' }, { account_number: 7 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: 'validation_error',
      errors: [
        expect.objectContaining({ attr: 'custodians.1.account_number', code: 'incorrect_type' }),
      ],
    });
  });

  it('answers a body that is not JSON with a validation_error, not a crash', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"custodians": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'validation_error',
      errors: [{ code: 'invalid', attr: 'non_field_errors' }],
    });
  });

  it('hides what went wrong inside from the client', async () => {
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('owners');
    expect(response.body).not.toContain('/srv');
    expect(response.json()).toEqual({
      type: 'server_error',
      errors: [{ code: 'error', detail: 'A server error occurred.', attr: null }],
    });
  });

  it('answers 429 with the rate_limit_exceeded envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/busy' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ type: 'rate_limit_exceeded' });
  });

  it('answers an unknown path with not_found', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      type: 'client_error',
      errors: [{ code: 'not_found', detail: 'Not found.', attr: null }],
    });
  });
});
