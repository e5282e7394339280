import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../api-route.ts';

/** KYC uploads, statements and tax reports, and the download of their files. */
export function registerDocumentRoutes(_app: FastifyInstance, _context: ApiContext): void {}
