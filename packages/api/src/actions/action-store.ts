/**
 * The one place actions are written, by the api and by the seed alike: every change writes its
 * `action_transitions` row and re-derives the portfolio's status in the caller's transaction.
 */
import type {
  Action,
  ActionState,
  ActionType,
  NeedsActionPayload,
  PortfolioStatus,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../accounts/current-account.ts';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { payloadHash } from './audit.ts';
import { portfolioStatus } from './transitions.ts';

const { actions, actionTransitions, portfolios } = schema;

export type ActionRow = typeof actions.$inferSelect;

/** Who makes a change: the action belongs to their firm and the log names them. */
export type Actor = Pick<Caller, 'firmId' | 'advisorId'>;

export type NewAction = {
  portfolioId: string;
  type: ActionType;
  state: ActionState;
  payload: unknown;
  parentActionId?: string;
  /** The key the advisor's request came with (decision 029). */
  idempotencyKey?: string;
};

/** A move to `state`; the payloads are left as they are unless given. */
export type ActionMove = {
  state: ActionState;
  actionPayload?: unknown;
  needsActionPayload?: NeedsActionPayload | null;
};

export function toAction(row: ActionRow): Action {
  return {
    id: row.id,
    portfolio_id: row.portfolioId,
    created_by_advisor_id: row.createdByAdvisorId,
    parent_action_id: row.parentActionId,
    created_at: row.createdAt.toISOString(),
    last_updated_at: row.lastUpdatedAt.toISOString(),
    state: row.state as ActionState,
    needs_action_payload: (row.needsActionPayload as NeedsActionPayload | null) ?? null,
    action_type: row.actionType,
    action_payload: row.actionPayload,
  } as Action;
}

/** Inserts an action and its first log row, re-deriving the portfolio status. */
export async function insertAction(tx: Tx, actor: Actor, values: NewAction): Promise<ActionRow> {
  const [row] = await tx
    .insert(actions)
    .values({
      firmId: actor.firmId,
      portfolioId: values.portfolioId,
      createdByAdvisorId: actor.advisorId,
      parentActionId: values.parentActionId ?? null,
      actionType: values.type,
      state: values.state,
      actionPayload: values.payload,
      idempotencyKey: values.idempotencyKey ?? null,
    })
    .returning();
  if (!row) throw new Error('The action could not be stored.');
  await logTransition(tx, row, null, actor);
  return row;
}

/**
 * Moves an action from the state it was read in; if anybody moved it meanwhile, nothing is
 * written and the move is refused (409).
 */
export async function moveAction(
  tx: Tx,
  actor: Actor,
  current: ActionRow,
  move: ActionMove,
): Promise<ActionRow> {
  const from = current.state as ActionState;
  const [updated] = await tx
    .update(actions)
    .set({
      state: move.state,
      ...(move.actionPayload === undefined ? {} : { actionPayload: move.actionPayload }),
      ...(move.needsActionPayload === undefined
        ? {}
        : { needsActionPayload: move.needsActionPayload }),
      lastUpdatedAt: new Date(),
    })
    .where(and(eq(actions.id, current.id), eq(actions.state, from)))
    .returning();
  if (!updated) throw new AppError('request_conflict', 'The action was changed meanwhile.');
  await logTransition(tx, updated, from, actor);
  return updated;
}

/** Writes the log row and re-derives the portfolio's status, inside the caller's transaction. */
async function logTransition(
  tx: Tx,
  action: ActionRow,
  from: ActionState | null,
  actor: Actor,
): Promise<void> {
  await tx.insert(actionTransitions).values({
    actionId: action.id,
    fromState: from,
    toState: action.state,
    actorAdvisorId: actor.advisorId,
    payloadHash: payloadHash(action.actionPayload, action.needsActionPayload),
  });
  const [portfolio] = await tx
    .select({ status: portfolios.status })
    .from(portfolios)
    .where(eq(portfolios.id, action.portfolioId));
  const all = await tx
    .select({ type: actions.actionType, state: actions.state })
    .from(actions)
    .where(eq(actions.portfolioId, action.portfolioId));
  const status = portfolioStatus(
    all.map((a) => ({ type: a.type as ActionType, state: a.state as ActionState })),
    (portfolio?.status ?? 'INCOMPLETE') as PortfolioStatus,
  );
  await tx.update(portfolios).set({ status }).where(eq(portfolios.id, action.portfolioId));
}
