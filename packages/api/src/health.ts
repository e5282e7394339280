import { getHealth, routePathToFastify } from '@ballast/contract';
import type { FastifyInstance } from 'fastify';

export type HealthCheck = () => Promise<void>;

/** Answers only after the database has answered, so a load balancer sees the truth. */
export function registerHealthRoute(app: FastifyInstance, checkDatabase: HealthCheck): void {
  app.route({
    method: getHealth.method,
    url: routePathToFastify(getHealth.path),
    handler: async () => {
      await checkDatabase();
      return { status: 'ok' as const };
    },
  });
}
