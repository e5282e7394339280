import {
  createPortfolio,
  deletePortfolio,
  getPortfolio,
  getPortfolioClient,
  getPortfolioInputs,
  getPortfolioStrategy,
  listPortfolioAlerts,
  listPortfolios,
  replacePortfolioInputs,
  updatePortfolioInputs,
} from '@ballast/contract';
import type { FastifyInstance } from 'fastify';
import { preferredEncoding } from '../accepted-encoding.ts';
import { visiblePortfolioAlerts } from '../alerts/visible-portfolio-alerts.ts';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { visiblePortfolios } from '../auth/portfolio-visibility.ts';
import { getAccountPart } from '../portfolios/account-or-application.ts';
import {
  deleteIncompletePortfolio,
  startOnboarding,
} from '../portfolios/onboarding-application.ts';
import { getPortfolioDetail } from '../portfolios/portfolio-detail.ts';
import { readSavedInputs, saveInputs } from '../portfolios/portfolio-inputs.ts';
import { createPortfolioListCache } from '../portfolios/portfolio-list.ts';

export function registerPortfolioRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;

  apiRoute(app, context, createPortfolio, async ({ body, caller, reply }) => {
    const application = await startOnboarding(context, caller, body);
    reply.code(201);
    return application;
  });

  const portfolioList = createPortfolioListCache();

  apiRoute(app, context, listPortfolios, async ({ query, caller, request, reply }) => {
    const list = await portfolioList(
      db,
      {
        firmId: caller.firmId,
        // An advisor's list is theirs alone; every other role sees the whole firm.
        viewer: caller.role === 'ADVISOR' ? caller.advisorId : 'firm',
        visible: visiblePortfolios(caller),
      },
      query.status,
    );
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
    if (encoding === 'identity') return reply.send(list.body);
    return reply.header('content-encoding', encoding).send(list[encoding]);
  });

  apiRoute(app, context, listPortfolioAlerts, async ({ caller }) => {
    // Staleness is judged against the UTC calendar day (decision 020).
    const today = new Date().toISOString().slice(0, 10);
    return { as_of: today, alerts: await visiblePortfolioAlerts(db, caller, today) };
  });

  apiRoute(app, context, getPortfolio, ({ params, caller }) =>
    getPortfolioDetail(context, caller, params.id),
  );

  apiRoute(app, context, getPortfolioClient, ({ params, caller }) =>
    getAccountPart(context, caller, params.id, 'clientData'),
  );

  apiRoute(app, context, getPortfolioStrategy, ({ params, caller }) =>
    getAccountPart(context, caller, params.id, 'strategy'),
  );

  apiRoute(app, context, deletePortfolio, async ({ params, caller, reply }) => {
    await deleteIncompletePortfolio(db, caller, params.id);
    return reply.code(204).send();
  });

  apiRoute(app, context, getPortfolioInputs, ({ params, caller }) =>
    readSavedInputs(context, caller, params.id),
  );

  for (const route of [replacePortfolioInputs, updatePortfolioInputs]) {
    apiRoute(app, context, route, ({ params, body, caller }) =>
      saveInputs(context, caller, params.id, body),
    );
  }
}
