/** Reference data the screens read: custodians, strategy styles and their form options. */
import { z } from 'zod';
import { CustodianSchema } from '../entities/custodian.ts';
import { FormOptionsSchema } from '../entities/form-options.ts';
import { StrategyStyleInfoSchema } from '../entities/strategy-catalogue.ts';
import { CustodianStatusSchema } from '../enums.ts';
import { IdSchema } from '../fields.ts';
import { defineRoute } from './define-route.ts';
import { errors } from './error-responses.ts';

export const listCustodians = defineRoute({
  id: 'listCustodians',
  method: 'GET',
  path: '/custodians',
  summary: 'List custodians, optionally by status',
  tags: ['custodians'],
  query: z.object({ status: CustodianStatusSchema.optional() }),
  responses: { 200: z.array(CustodianSchema), ...errors(400, 429) },
});

export const getCustodian = defineRoute({
  id: 'getCustodian',
  method: 'GET',
  path: '/custodians/{id}',
  summary: 'One custodian',
  tags: ['custodians'],
  params: z.object({ id: IdSchema }),
  responses: { 200: CustodianSchema, ...errors(404) },
});

export const listStrategyStyles = defineRoute({
  id: 'listStrategyStyles',
  method: 'GET',
  path: '/strategy-styles',
  summary: 'List strategy styles',
  tags: ['strategies'],
  responses: { 200: z.array(StrategyStyleInfoSchema) },
});

export const getStrategyStyleFormOptions = defineRoute({
  id: 'getStrategyStyleFormOptions',
  method: 'GET',
  path: '/strategy-styles/{name}/form-options',
  summary: 'The build form of a strategy style, with default simulation results',
  tags: ['strategies'],
  params: z.object({ name: z.string().min(1) }),
  responses: { 200: FormOptionsSchema, ...errors(404) },
});
