import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../api-route.ts';

/** Strategy styles and the build form of each. */
export function registerStrategyStyleRoutes(_app: FastifyInstance, _context: ApiContext): void {}
