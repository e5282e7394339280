import type { FastifyPluginAsync } from 'fastify';
import { registerErrorHandling } from './error-handling.ts';
import { type HealthCheck, registerHealthRoute } from './health.ts';

export type ApiOptions = {
  checkDatabase: HealthCheck;
};

/** The provider API as one Fastify plugin; the server mounts it under `/api`. */
export const buildApi: FastifyPluginAsync<ApiOptions> = async (app, options) => {
  registerErrorHandling(app);
  registerHealthRoute(app, options.checkDatabase);
};
