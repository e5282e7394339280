import type { FastifyPluginAsync } from 'fastify';
import type { DevOutbox } from './dev-outbox.ts';
import { renderOutboxPage } from './render-outbox-page.ts';

export type OutboxRoutesOptions = { outbox: DevOutbox };

// The page holds live magic links and passcodes: no cache may keep it, and it may run no script.
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

/**
 * `GET /dev/outbox` (a page) and `GET /dev/outbox.json` (newest first). Whether to register it is
 * the server's decision: only with the dev outbox as transport, never in production mode.
 */
export const outboxRoutes: FastifyPluginAsync<OutboxRoutesOptions> = async (app, { outbox }) => {
  app.get('/dev/outbox.json', async (_request, reply) => {
    reply.headers({ 'cache-control': 'no-store' });
    return outbox.list();
  });

  app.get('/dev/outbox', async (_request, reply) => {
    const page = renderOutboxPage(await outbox.list());
    return reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(page);
  });
};
