/** The firm's strategy catalogue (decision 022): read by every user, kept by CIO and ADMINISTRATOR. */
import { z } from 'zod';
import {
  StrategyCatalogueEntryInputSchema,
  StrategyCatalogueEntrySchema,
} from '../entities/strategy-catalogue.ts';
import { StrategyStatusSchema, StrategyStyleSchema } from '../enums.ts';
import { IdSchema } from '../fields.ts';
import { defineRoute } from './define-route.ts';
import { errors } from './error-responses.ts';

export const listStrategyCatalogue = defineRoute({
  id: 'listStrategyCatalogue',
  method: 'GET',
  path: '/strategy-catalogue',
  summary: "The firm's catalogue of strategies for new accounts, optionally by status and style",
  tags: ['strategies'],
  query: z.object({
    status: StrategyStatusSchema.optional(),
    strategy_style: StrategyStyleSchema.optional(),
  }),
  responses: { 200: z.array(StrategyCatalogueEntrySchema), ...errors(400) },
});

export const addStrategyCatalogueEntry = defineRoute({
  id: 'addStrategyCatalogueEntry',
  method: 'POST',
  path: '/strategy-catalogue',
  summary: 'Add a strategy built in Build to the catalogue (CIO and ADMINISTRATOR)',
  tags: ['strategies'],
  body: StrategyCatalogueEntryInputSchema,
  responses: { 201: StrategyCatalogueEntrySchema, ...errors(400, 403) },
});

export const replaceStrategyCatalogueEntry = defineRoute({
  id: 'replaceStrategyCatalogueEntry',
  method: 'PUT',
  path: '/strategy-catalogue/{id}',
  summary: "Change a catalogue strategy, its status or whether it is its style's default",
  tags: ['strategies'],
  params: z.object({ id: IdSchema }),
  body: StrategyCatalogueEntryInputSchema,
  responses: { 200: StrategyCatalogueEntrySchema, ...errors(400, 403, 404) },
});
