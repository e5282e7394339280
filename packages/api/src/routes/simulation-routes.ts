import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../api-route.ts';

/** Simulation and comparer requests, stored by the content hash of the canonical request. */
export function registerSimulationRoutes(_app: FastifyInstance, _context: ApiContext): void {}
