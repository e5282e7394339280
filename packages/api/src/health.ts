import type { FastifyInstance } from 'fastify';

export type HealthCheck = () => Promise<void>;

/** `GET /health` answers only after the database has answered, so a load balancer sees the truth. */
export function registerHealthRoute(app: FastifyInstance, checkDatabase: HealthCheck): void {
  app.get('/health', async () => {
    await checkDatabase();
    return { status: 'ok' as const };
  });
}
