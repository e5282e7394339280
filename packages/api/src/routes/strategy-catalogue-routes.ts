import {
  addStrategyCatalogueEntry,
  listStrategyCatalogue,
  replaceStrategyCatalogueEntry,
} from '@ballast/contract';
import type { FastifyInstance } from 'fastify';
import { type ApiContext, apiRoute } from '../api-route.ts';
import {
  addToCatalogue,
  listCatalogue,
  replaceInCatalogue,
} from '../strategy-catalogue/catalogue-store.ts';

/** The firm's strategy catalogue (decision 022). */
export function registerStrategyCatalogueRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;

  apiRoute(app, context, listStrategyCatalogue, ({ query, caller }) =>
    listCatalogue(db, caller.firmId, query),
  );

  apiRoute(app, context, addStrategyCatalogueEntry, async ({ body, caller, reply }) => {
    const entry = await addToCatalogue(db, caller, body);
    reply.code(201);
    return entry;
  });

  apiRoute(app, context, replaceStrategyCatalogueEntry, ({ params, body, caller }) =>
    replaceInCatalogue(db, caller, params.id, body),
  );
}
