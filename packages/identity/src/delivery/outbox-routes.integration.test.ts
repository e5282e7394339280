import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevOutbox, OutboxMessageSchema } from './dev-outbox.ts';
import { outboxRoutes } from './outbox-routes.ts';

describe('outbox routes', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const outbox = createDevOutbox(database.db);
    await outbox.send({
      channel: 'email',
      to: 'ada@example.com',
      subject: 'Reset your password',
      text: 'Reset it here: https://ballast.test/reset?token=r3set <script>alert(1)</script>',
    });
    await outbox.send({ channel: 'sms', to: '+15555550123', subject: '', text: 'Code 482913' });
    app = Fastify({ logger: false });
    await app.register(outboxRoutes, { outbox });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('lists the messages as JSON, newest first, uncached', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/outbox.json' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const messages = response.json();
    expect(OutboxMessageSchema.array().parse(messages)).toEqual(messages);
    expect(messages).toEqual([
      expect.objectContaining({
        channel: 'sms',
        to: '+15555550123',
        subject: '',
        text: 'Code 482913',
      }),
      expect.objectContaining({
        channel: 'email',
        to: 'ada@example.com',
        subject: 'Reset your password',
        text: 'Reset it here: https://ballast.test/reset?token=r3set <script>alert(1)</script>',
      }),
    ]);
    expect(Object.keys(messages[0]).sort()).toEqual(
      ['channel', 'created_at', 'id', 'subject', 'text', 'to'].sort(),
    );
  });

  it('serves a page with the escaped text, the link clickable, uncached and script-free', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/outbox' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('<title>Outbox | Ballast</title>');
    expect(response.body).toContain(
      '<a href="https://ballast.test/reset?token=r3set">https://ballast.test/reset?token=r3set</a> &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(response.body).not.toContain('<script>');
    expect(response.body.indexOf('Code 482913')).toBeLessThan(response.body.indexOf('r3set'));
  });
});
