/** Build and compare: simulations run asynchronously and are fetched by their content hash. */
import { z } from 'zod';
import { ComparerInputSchema, ComparerResponseItemSchema } from '../entities/comparer.ts';
import { SimulationCommandSchema, SimulationResponseItemSchema } from '../entities/simulation.ts';
import { defineRoute } from './define-route.ts';
import { errors } from './error-responses.ts';
import { queryList } from './query.ts';

const SimulationHashSchema = z.string().min(1);

export const simulatePortfolio = defineRoute({
  id: 'simulatePortfolio',
  method: 'POST',
  path: '/simulate-portfolio',
  summary: 'Start simulating a strategy; answers with the hash of each requested window',
  tags: ['simulation'],
  body: SimulationCommandSchema,
  responses: { 202: z.array(SimulationResponseItemSchema), ...errors(400, 429) },
});

export const listSimulationResults = defineRoute({
  id: 'listSimulationResults',
  method: 'GET',
  path: '/simulation-results',
  summary: 'Simulation results by hash; a result is null while still running',
  tags: ['simulation'],
  query: z.object({ 'simulation-hash': queryList(SimulationHashSchema) }),
  responses: { 200: z.array(SimulationResponseItemSchema), ...errors(400, 404, 409) },
});

export const runComparer = defineRoute({
  id: 'runComparer',
  method: 'POST',
  path: '/run-comparer',
  summary: 'Start comparing a bond strategy across duration placements and liquidity targets',
  tags: ['simulation'],
  body: ComparerInputSchema,
  responses: { 202: z.array(ComparerResponseItemSchema), ...errors(400, 429) },
});

export const listComparerResults = defineRoute({
  id: 'listComparerResults',
  method: 'GET',
  path: '/comparer-results',
  summary: 'Comparer results by hash; a summary is null while still running',
  tags: ['simulation'],
  query: z.object({ 'simulation-hash[]': queryList(SimulationHashSchema) }),
  responses: { 200: z.array(ComparerResponseItemSchema), ...errors(400, 404, 409) },
});

export const getComparerResult = defineRoute({
  id: 'getComparerResult',
  method: 'GET',
  path: '/comparer-results/{result_hash}',
  summary: 'One comparer result',
  tags: ['simulation'],
  params: z.object({ result_hash: SimulationHashSchema }),
  responses: { 200: ComparerResponseItemSchema, ...errors(404, 409) },
});
