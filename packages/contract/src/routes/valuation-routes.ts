/** The daily valuation as its callers see it (decision 035), beyond the calls of product §7. */
import { ValuationProgressSchema } from '../entities/valuation-progress.ts';
import { defineRoute } from './define-route.ts';

export const getValuationProgress = defineRoute({
  id: 'getValuationProgress',
  method: 'GET',
  path: '/valuation-progress',
  summary: "How far the daily valuation of the caller's firm has come, and whether it is behind",
  tags: ['portfolios'],
  responses: { 200: ValuationProgressSchema },
});
