import { z } from 'zod';
import { ServerErrorResponseSchema } from '../errors.ts';
import { defineRoute } from './define-route.ts';

/** Not a call of product §7: what load balancers and operators ask. */
export const getHealth = defineRoute({
  id: 'getHealth',
  method: 'GET',
  path: '/health',
  summary: 'Healthy once the database has answered',
  tags: ['operations'],
  auth: false,
  responses: { 200: z.object({ status: z.literal('ok') }), 500: ServerErrorResponseSchema },
});
