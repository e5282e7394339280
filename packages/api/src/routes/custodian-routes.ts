import { getCustodian, listCustodians, NOT_FOUND_DETAIL } from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toCustodian } from '../administration/firm-custodians.ts';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { AppError } from '../app-error.ts';
import { RATE_LIMITS } from '../request-limits.ts';

const { custodians } = schema;

/** The firm's own custodians (decision 022). */
export function registerCustodianRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;

  apiRoute(
    app,
    context,
    listCustodians,
    async ({ query, caller }) => {
      const rows = await db
        .select()
        .from(custodians)
        .where(
          and(
            eq(custodians.firmId, caller.firmId),
            query.status ? eq(custodians.status, query.status) : undefined,
          ),
        )
        .orderBy(asc(custodians.name));
      return rows.map(toCustodian);
    },
    { config: { rateLimit: RATE_LIMITS.custodianList } },
  );

  apiRoute(app, context, getCustodian, async ({ params, caller }) => {
    const [row] = await db
      .select()
      .from(custodians)
      .where(and(eq(custodians.id, params.id), eq(custodians.firmId, caller.firmId)));
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    return toCustodian(row);
  });
}
