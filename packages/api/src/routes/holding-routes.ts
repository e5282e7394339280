import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../api-route.ts';

/** The latest holding report, the daily histories and the token lots of a portfolio. */
export function registerHoldingRoutes(_app: FastifyInstance, _context: ApiContext): void {}
