/**
 * Decision 019: the firm's requests across every portfolio the caller may see, oldest first, as
 * the operations queue reads them.
 */
import {
  ACTION_STATES,
  type ActionState,
  type ActionTransition,
  type PageQuery,
  type QueuedAction,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../auth/authenticate.ts';
import { visiblePortfolios } from '../auth/portfolio-visibility.ts';
import { toAction } from './action-store.ts';
import { isOpen, OPERATIONS_TRANSITIONS } from './transitions.ts';
import { ADVISOR_LISTED_STATES, OPERATORS } from './visible-actions.ts';

const { actions, actionTransitions, advisors, portfolios } = schema;

const OPEN_STATES: readonly ActionState[] = ACTION_STATES.filter(isOpen);

const advisorName = sql<string>`trim(${advisors.firstName} || ' ' || ${advisors.lastName})`;

/**
 * The states listed to the caller: those asked for (the open ones when none are), narrowed for
 * advisors, managers and CIOs to the states they are shown on a portfolio's own list.
 */
function listedStates(caller: Caller, asked: readonly ActionState[] | undefined): ActionState[] {
  const states = asked ?? OPEN_STATES;
  return OPERATORS.includes(caller.role)
    ? [...states]
    : states.filter((state) => ADVISOR_LISTED_STATES.includes(state));
}

export async function listActionQueue(
  db: Db,
  caller: Caller,
  query: PageQuery & { state?: ActionState[] | undefined },
): Promise<{ count: number; results: QueuedAction[] }> {
  const states = listedStates(caller, query.state);
  if (states.length === 0) return { count: 0, results: [] };
  const where: SQL | undefined = and(
    eq(actions.firmId, caller.firmId),
    visiblePortfolios(caller),
    inArray(actions.state, states),
  );
  const rows = await db
    .select({
      action: actions,
      clientName: portfolios.clientName,
      advisorName,
    })
    .from(actions)
    .innerJoin(portfolios, eq(portfolios.id, actions.portfolioId))
    .innerJoin(advisors, eq(advisors.id, portfolios.originatingAdvisorId))
    .where(where)
    // The id breaks ties between actions created in one transaction, so pages never overlap.
    .orderBy(asc(actions.createdAt), asc(actions.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(actions)
    .innerJoin(portfolios, eq(portfolios.id, actions.portfolioId))
    .where(where);
  const logs = await transitionsOf(
    db,
    rows.map((row) => row.action.id),
  );
  const isOperator = OPERATORS.includes(caller.role);
  return {
    count: total?.count ?? 0,
    results: rows.map((row) => ({
      action: toAction(row.action),
      client_name: row.clientName,
      advisor_name: row.advisorName,
      moves: isOperator ? [...OPERATIONS_TRANSITIONS[row.action.state as ActionState]] : [],
      transitions: logs.get(row.action.id) ?? [],
    })),
  };
}

/** The logs of a page of actions in one query, each oldest first. */
async function transitionsOf(
  db: Db,
  actionIds: readonly string[],
): Promise<Map<string, ActionTransition[]>> {
  const byAction = new Map<string, ActionTransition[]>();
  if (actionIds.length === 0) return byAction;
  const rows = await db
    .select({
      actionId: actionTransitions.actionId,
      from: actionTransitions.fromState,
      to: actionTransitions.toState,
      at: actionTransitions.at,
      actor: advisorName,
    })
    .from(actionTransitions)
    .innerJoin(advisors, eq(advisors.id, actionTransitions.actorAdvisorId))
    .where(inArray(actionTransitions.actionId, [...actionIds]))
    .orderBy(asc(actionTransitions.id));
  for (const row of rows) {
    const log = byAction.get(row.actionId) ?? [];
    log.push({
      from_state: row.from as ActionState | null,
      to_state: row.to as ActionState,
      at: row.at.toISOString(),
      actor_name: row.actor,
    });
    byAction.set(row.actionId, log);
  }
  return byAction;
}
