import {
  type Action,
  cancelPortfolioAction,
  closePortfolio,
  getPortfolioAction,
  listActions,
  listPortfolioActions,
  openPortfolio,
  replacePortfolioAction,
  requestDeposit,
  requestWithdrawal,
  setUserDnt,
  submitPortfolioActionResponse,
  updateClientDetail,
  updateCustodian,
  updatePortfolioAction,
  updateStrategy,
} from '@ballast/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerAction, cancelAction, moveByOperations } from '../actions/action-moves.ts';
import { listActionQueue } from '../actions/action-queue.ts';
import { createRequest, openAccount, type RequestType } from '../actions/action-requests.ts';
import { toAction } from '../actions/action-store.ts';
import type { MadeAction } from '../actions/idempotent-requests.ts';
import {
  type ActionRef,
  getVisibleAction,
  listVisibleActions,
} from '../actions/visible-actions.ts';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { pageOf } from '../paging.ts';

/** The advisor's requests on an opened account: each route makes one type of action. */
const REQUEST_ROUTES = [
  [requestDeposit, 'REQUEST-DEPOSIT'],
  [requestWithdrawal, 'REQUEST-WITHDRAWAL'],
  [setUserDnt, 'SET-USER-DNT'],
  [updateClientDetail, 'UPDATE-CLIENT-DETAIL'],
  [updateCustodian, 'UPDATE-CUSTODIAN'],
  [updateStrategy, 'UPDATE-STRATEGY'],
  [closePortfolio, 'CLOSE-ACCOUNT'],
] as const satisfies readonly (readonly [unknown, RequestType])[];

/** 201 with the action, and whether an earlier call under the same key made it (decision 029). */
function answerMade(reply: FastifyReply, { action, replayed }: MadeAction): Action {
  reply.code(201);
  if (replayed) reply.header('idempotent-replayed', 'true');
  return toAction(action);
}

const actionRef = (params: { id: string; action_id: string }): ActionRef => ({
  portfolioId: params.id,
  actionId: params.action_id,
});

export function registerActionRoutes(app: FastifyInstance, context: ApiContext): void {
  for (const [route, type] of REQUEST_ROUTES) {
    apiRoute(app, context, route, async ({ params, body, caller, idempotencyKey, reply }) => {
      const sent = { payload: body.action_payload, key: idempotencyKey };
      return answerMade(reply, await createRequest(context, caller, params.id, type, sent));
    });
  }

  apiRoute(app, context, openPortfolio, async ({ params, body, caller, idempotencyKey, reply }) => {
    const sent = { payload: body.action_payload, key: idempotencyKey };
    return answerMade(reply, await openAccount(context, caller, params.id, sent));
  });

  apiRoute(app, context, listActions, async ({ query, caller, request }) => {
    const { count, results } = await listActionQueue(context.db, caller, query);
    return pageOf(request, query, count, results);
  });

  apiRoute(app, context, listPortfolioActions, async ({ params, query, caller }) =>
    (await listVisibleActions(context.db, params.id, caller, query.state)).map(toAction),
  );

  apiRoute(app, context, getPortfolioAction, async ({ params, caller }) =>
    toAction(await getVisibleAction(context.db, caller, actionRef(params))),
  );

  for (const route of [replacePortfolioAction, updatePortfolioAction]) {
    apiRoute(app, context, route, async ({ params, body, caller }) =>
      toAction(await moveByOperations(context, caller, actionRef(params), body)),
    );
  }

  apiRoute(app, context, submitPortfolioActionResponse, async ({ params, body, caller }) =>
    toAction(await answerAction(context, caller, actionRef(params), body)),
  );

  apiRoute(app, context, cancelPortfolioAction, async ({ params, caller, reply }) => {
    await cancelAction(context, caller, actionRef(params));
    return reply.code(204).send();
  });
}
