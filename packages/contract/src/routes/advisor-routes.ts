/** Advisors and their firm. */
import { z } from 'zod';
import { AdvisorListItemSchema, AdvisorSchema, AdvisorUpdateSchema } from '../entities/advisor.ts';
import { AdvisorStatusSchema } from '../enums.ts';
import { IdSchema } from '../fields.ts';
import { binary, defineRoute } from './define-route.ts';
import { errors } from './error-responses.ts';

export const listAdvisors = defineRoute({
  id: 'listAdvisors',
  method: 'GET',
  path: '/advisors',
  summary: "List the firm's advisors, optionally by status",
  tags: ['advisors'],
  query: z.object({ status: AdvisorStatusSchema.optional() }),
  responses: { 200: z.array(AdvisorListItemSchema), ...errors(400, 403) },
});

export const getSelfAdvisor = defineRoute({
  id: 'getSelfAdvisor',
  method: 'GET',
  path: '/advisors/self',
  summary: 'The signed-in advisor',
  tags: ['advisors'],
  responses: { 200: AdvisorSchema },
});

export const updateAdvisor = defineRoute({
  id: 'updateAdvisor',
  method: 'PUT',
  path: '/advisors/{id}',
  summary: "Update an advisor's settings (status, role and e-mail: administrators only)",
  tags: ['advisors'],
  params: z.object({ id: IdSchema }),
  body: AdvisorUpdateSchema,
  responses: { 200: AdvisorSchema, ...errors(400, 403, 404) },
});

export const getFirmLogo = defineRoute({
  id: 'getFirmLogo',
  method: 'GET',
  path: '/firms/{id}/logo',
  summary: "The firm's logo image",
  tags: ['firms'],
  params: z.object({ id: IdSchema }),
  responses: {
    200: binary(['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp']),
    ...errors(404),
  },
});
