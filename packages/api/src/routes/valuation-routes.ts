import { getValuationProgress } from '@ballast/contract';
import type { FastifyInstance } from 'fastify';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { lastDueDay } from '../valuation/due-day.ts';
import { readValuationProgress } from '../valuation/valuation-progress.ts';

/** Where the daily valuation of the caller's firm stands (decision 035); every role may ask. */
export function registerValuationRoutes(app: FastifyInstance, context: ApiContext): void {
  apiRoute(app, context, getValuationProgress, ({ caller }) =>
    readValuationProgress(context.db, caller.firmId, lastDueDay(new Date(), context.valuationTime)),
  );
}
