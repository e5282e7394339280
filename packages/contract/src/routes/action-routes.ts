/** A portfolio's actions: the advisor's requests and operations' handling of them. */
import { z } from 'zod';
import {
  ActionSchema,
  ActionUpdateBodySchema,
  actionPayloadBodySchema,
  SubmitActionResponseBodySchema,
} from '../entities/action.ts';
import { QueuedActionSchema } from '../entities/action-queue.ts';
import { ActionStateSchema, type ActionType } from '../enums.ts';
import { IdSchema } from '../fields.ts';
import { PageQuerySchema, pagedListSchema } from '../paged-list.ts';
import { defineRoute, noContent } from './define-route.ts';
import { errors } from './error-responses.ts';
import { queryList } from './query.ts';

const PortfolioParams = z.object({ id: IdSchema });
const ActionParams = z.object({ id: IdSchema, action_id: IdSchema });

export const listPortfolioActions = defineRoute({
  id: 'listPortfolioActions',
  method: 'GET',
  path: '/portfolios/{id}/actions',
  summary: "The portfolio's actions, optionally only those in the given states",
  tags: ['actions'],
  params: PortfolioParams,
  query: z.object({ state: queryList(ActionStateSchema).optional() }),
  responses: { 200: z.array(ActionSchema), ...errors(400, 404) },
});

/**
 * Decision 019: the firm's requests across its portfolios, oldest first, for the operations
 * queue. Without `state`, the open ones (not yet completed, failed, cancelled or dismissed).
 */
export const listActions = defineRoute({
  id: 'listActions',
  method: 'GET',
  path: '/actions',
  summary: 'The actions of every portfolio the caller may see, oldest first, paged',
  tags: ['actions'],
  query: PageQuerySchema.extend({ state: queryList(ActionStateSchema).optional() }),
  responses: { 200: pagedListSchema(QueuedActionSchema), ...errors(400) },
});

export const getPortfolioAction = defineRoute({
  id: 'getPortfolioAction',
  method: 'GET',
  path: '/portfolios/{id}/actions/{action_id}',
  summary: 'One action',
  tags: ['actions'],
  params: ActionParams,
  responses: { 200: ActionSchema, ...errors(404) },
});

export const replacePortfolioAction = defineRoute({
  id: 'replacePortfolioAction',
  method: 'PUT',
  path: '/portfolios/{id}/actions/{action_id}',
  summary: 'Move an action to another state (operations)',
  tags: ['actions'],
  params: ActionParams,
  body: ActionUpdateBodySchema,
  responses: { 200: ActionSchema, ...errors(400, 403, 404, 409, 410) },
});

export const updatePortfolioAction = defineRoute({
  id: 'updatePortfolioAction',
  method: 'PATCH',
  path: '/portfolios/{id}/actions/{action_id}',
  summary: "Change an action's state or instructions (operations)",
  tags: ['actions'],
  params: ActionParams,
  body: ActionUpdateBodySchema.partial(),
  responses: { 200: ActionSchema, ...errors(400, 403, 404, 409, 410) },
});

export const cancelPortfolioAction = defineRoute({
  id: 'cancelPortfolioAction',
  method: 'DELETE',
  path: '/portfolios/{id}/actions/{action_id}',
  summary: 'Cancel an action while it is cancellable, or dismiss a dismissible one',
  tags: ['actions'],
  params: ActionParams,
  responses: { 204: noContent, ...errors(403, 404, 409, 410) },
});

export const submitPortfolioActionResponse = defineRoute({
  id: 'submitPortfolioActionResponse',
  method: 'PATCH',
  path: '/portfolios/{id}/actions/{action_id}/submit-response',
  summary: 'Answer an action that needs the advisor in the app',
  tags: ['actions'],
  params: ActionParams,
  body: SubmitActionResponseBodySchema,
  responses: { 200: ActionSchema, ...errors(400, 403, 404, 409, 410) },
});

function createActionRoute<const Id extends string, const Segment extends string>(
  id: Id,
  segment: Segment,
  type: ActionType,
  summary: string,
) {
  return defineRoute({
    id,
    method: 'POST',
    path: `/portfolios/{id}/${segment}`,
    summary,
    tags: ['actions'],
    params: PortfolioParams,
    body: actionPayloadBodySchema(type),
    responses: { 201: ActionSchema, ...errors(400, 403, 404, 409) },
    idempotent: true,
  });
}

export const openPortfolio = createActionRoute(
  'openPortfolio',
  'open',
  'OPEN-ACCOUNT',
  'Submit the onboarding application: checks every input and creates the OPEN-ACCOUNT action',
);
export const closePortfolio = createActionRoute(
  'closePortfolio',
  'close',
  'CLOSE-ACCOUNT',
  'Ask to close the account',
);
export const requestDeposit = createActionRoute(
  'requestDeposit',
  'request-deposit',
  'REQUEST-DEPOSIT',
  'Ask for a cash deposit',
);
export const requestWithdrawal = createActionRoute(
  'requestWithdrawal',
  'request-withdrawal',
  'REQUEST-WITHDRAWAL',
  'Ask for a cash withdrawal',
);
export const setUserDnt = createActionRoute(
  'setUserDnt',
  'set-user-dnt',
  'SET-USER-DNT',
  'Ask to set or clear the do-not-trade setting',
);
export const updateClientDetail = createActionRoute(
  'updateClientDetail',
  'update-client-detail',
  'UPDATE-CLIENT-DETAIL',
  "Ask to change the client's details",
);
export const updateCustodian = createActionRoute(
  'updateCustodian',
  'update-custodian',
  'UPDATE-CUSTODIAN',
  'Ask to change the custodian accounts',
);
export const updateStrategy = createActionRoute(
  'updateStrategy',
  'update-strategy',
  'UPDATE-STRATEGY',
  'Ask to change the strategy',
);
