import {
  type Action,
  type ActionState,
  type ActionType,
  ADVISOR_VISIBLE_ACTION_STATES,
  cancelPortfolioAction,
  closePortfolio,
  getPortfolioAction,
  listPortfolioActions,
  type NeedsActionPayload,
  NOT_FOUND_DETAIL,
  openPortfolio,
  PortfolioInputsSchema,
  type PortfolioStatus,
  replacePortfolioAction,
  requestDeposit,
  requestWithdrawal,
  setUserDnt,
  submitPortfolioActionResponse,
  toValidationErrorResponse,
  updateClientDetail,
  updateCustodian,
  updatePortfolioAction,
  updateStrategy,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applyCompletedAction, type OpenedAccount, type Tx } from '../accounts/current-account.ts';
import { savedInputsOf } from '../accounts/saved-inputs.ts';
import { payloadHash } from '../actions/audit.ts';
import {
  advisorDelete,
  initialState,
  isOpen,
  needsInstructions,
  type Outcome,
  operationsMove,
  portfolioStatus,
  submitResponse,
} from '../actions/transitions.ts';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { AppError, RequestValidationError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { findVisiblePortfolio } from '../auth/portfolio-visibility.ts';

const { actions, actionTransitions, portfolios, onboardingApplications } = schema;

type ActionRow = typeof actions.$inferSelect;

/** The roles that move actions through their states (DESIGN "Roles": the back-office queue). */
const OPERATORS: readonly Caller['role'][] = ['OPERATIONS', 'ADMINISTRATOR'];

/**
 * What advisors, managers and CIOs are listed: the advisor-visible states of spec §4, and the
 * -DISMISSIBLE variants of the two NEEDS-ACTION ones, which they are shown as their base state.
 * Without the variants a dismissible request would vanish from the list while the portfolio
 * reads NEEDS-ACTION, and the advisor could neither answer nor dismiss it.
 */
const ADVISOR_LISTED_STATES: readonly ActionState[] = [
  ...ADVISOR_VISIBLE_ACTION_STATES,
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
];

function toAction(row: ActionRow): Action {
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

function failWith(outcome: Outcome): ActionState {
  if (outcome.ok) return outcome.to;
  if (outcome.code === 'validation') {
    throw new RequestValidationError({
      type: 'validation_error',
      errors: [{ code: 'required', detail: outcome.detail, attr: 'needs_action_payload' }],
    });
  }
  throw new AppError(outcome.code, outcome.detail);
}

/** Writes the log row and re-derives the portfolio's status, inside the caller's transaction. */
async function recordTransition(
  tx: Tx,
  action: ActionRow,
  from: ActionState | null,
  caller: Caller,
): Promise<void> {
  await tx.insert(actionTransitions).values({
    actionId: action.id,
    fromState: from,
    toState: action.state,
    actorAdvisorId: caller.advisorId,
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

export function registerActionRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, box } = context;

  const getVisiblePortfolio = (id: string, caller: Caller) => findVisiblePortfolio(db, id, caller);

  /** The application as opened: it was checked strictly when it was submitted. */
  async function openedAccountOf(tx: Tx, portfolioId: string): Promise<OpenedAccount> {
    const [application] = await tx
      .select()
      .from(onboardingApplications)
      .where(eq(onboardingApplications.portfolioId, portfolioId));
    if (!application) throw new Error('An opened account has no application.');
    // It passed the strict check when it was submitted, and it cannot change after that.
    const inputs = PortfolioInputsSchema.parse(savedInputsOf(application, box));
    return {
      clientData: inputs.client_data,
      strategy: inputs.strategy,
      custodians: inputs.custodians,
      inceptionDate: new Date().toISOString().slice(0, 10),
    };
  }

  async function getVisibleAction(portfolioId: string, actionId: string, caller: Caller) {
    const portfolio = await getVisiblePortfolio(portfolioId, caller);
    const [row] = await db
      .select()
      .from(actions)
      .where(
        and(
          eq(actions.id, actionId),
          eq(actions.portfolioId, portfolio.id),
          eq(actions.firmId, caller.firmId),
        ),
      );
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    return row;
  }

  /** Inserts an action and its first log row, re-deriving the portfolio status. */
  async function insertAction(
    tx: Tx,
    caller: Caller,
    values: {
      portfolioId: string;
      type: ActionType;
      state: ActionState;
      payload: unknown;
      parentActionId?: string;
    },
  ): Promise<ActionRow> {
    const [row] = await tx
      .insert(actions)
      .values({
        firmId: caller.firmId,
        portfolioId: values.portfolioId,
        createdByAdvisorId: caller.advisorId,
        parentActionId: values.parentActionId ?? null,
        actionType: values.type,
        state: values.state,
        actionPayload: values.payload,
      })
      .returning();
    if (!row) throw new Error('The action could not be stored.');
    await recordTransition(tx, row, null, caller);
    return row;
  }

  /**
   * An advisor's request. Only on an account past onboarding and not closed; and one open action
   * of a kind at a time, so a double submission cannot ask operations to move money twice; the
   * advisor cancels the first to send another.
   */
  async function createRequest(
    portfolioId: string,
    caller: Caller,
    type: ActionType,
    payload: unknown,
  ): Promise<Action> {
    if (caller.role === 'OPERATIONS') {
      throw new AppError('permission_denied', 'Operations staff do not make client requests.');
    }
    const portfolio = await getVisiblePortfolio(portfolioId, caller);
    if (portfolio.status === 'INCOMPLETE' || portfolio.status === 'CLOSED') {
      throw new AppError(
        'request_conflict',
        portfolio.status === 'CLOSED'
          ? 'The account is closed.'
          : 'The account has not been opened yet; submit the application first.',
      );
    }
    const row = await db.transaction(async (tx) => {
      const same = await tx
        .select({ state: actions.state })
        .from(actions)
        .where(and(eq(actions.portfolioId, portfolio.id), eq(actions.actionType, type)));
      if (same.some((a) => isOpen(a.state as ActionState))) {
        throw new AppError('request_conflict', `An open ${type} action already exists.`);
      }
      return insertAction(tx, caller, {
        portfolioId: portfolio.id,
        type,
        state: initialState(type),
        payload,
      });
    });
    return toAction(row);
  }

  for (const [route, type] of [
    [requestDeposit, 'REQUEST-DEPOSIT'],
    [requestWithdrawal, 'REQUEST-WITHDRAWAL'],
  ] as const) {
    apiRoute(app, context, route, async ({ params, body, caller, reply }) => {
      const action = await createRequest(params.id, caller, type, body.action_payload);
      reply.code(201);
      return action;
    });
  }
  apiRoute(app, context, setUserDnt, async ({ params, body, caller, reply }) => {
    const action = await createRequest(params.id, caller, 'SET-USER-DNT', body.action_payload);
    reply.code(201);
    return action;
  });
  apiRoute(app, context, updateClientDetail, async ({ params, body, caller, reply }) => {
    const action = await createRequest(
      params.id,
      caller,
      'UPDATE-CLIENT-DETAIL',
      body.action_payload,
    );
    reply.code(201);
    return action;
  });
  apiRoute(app, context, updateCustodian, async ({ params, body, caller, reply }) => {
    const action = await createRequest(params.id, caller, 'UPDATE-CUSTODIAN', body.action_payload);
    reply.code(201);
    return action;
  });
  apiRoute(app, context, updateStrategy, async ({ params, body, caller, reply }) => {
    const action = await createRequest(params.id, caller, 'UPDATE-STRATEGY', body.action_payload);
    reply.code(201);
    return action;
  });
  apiRoute(app, context, closePortfolio, async ({ params, body, caller, reply }) => {
    const action = await createRequest(params.id, caller, 'CLOSE-ACCOUNT', body.action_payload);
    reply.code(201);
    return action;
  });

  apiRoute(app, context, openPortfolio, async ({ params, body, caller, reply }) => {
    if (caller.role === 'OPERATIONS') {
      throw new AppError('permission_denied', 'Operations staff do not open client accounts.');
    }
    const portfolio = await getVisiblePortfolio(params.id, caller);
    if (portfolio.status !== 'INCOMPLETE') {
      throw new AppError('request_conflict', 'The application was already submitted.');
    }
    const [application] = await db
      .select()
      .from(onboardingApplications)
      .where(eq(onboardingApplications.portfolioId, portfolio.id));
    if (!application) throw new AppError('not_found', NOT_FOUND_DETAIL);
    // The saved draft was checked laxly; opening checks it strictly, at the draft's own attrs.
    const input = savedInputsOf(application, box);
    const checked = PortfolioInputsSchema.safeParse(input);
    if (!checked.success) {
      throw new RequestValidationError(toValidationErrorResponse(checked.error, { input }));
    }
    const row = await db.transaction(async (tx) => {
      // Guard against two concurrent submissions: only the one that moves INCOMPLETE wins.
      const moved = await tx
        .update(portfolios)
        .set({ status: 'PENDING' })
        .where(and(eq(portfolios.id, portfolio.id), eq(portfolios.status, 'INCOMPLETE')))
        .returning({ id: portfolios.id });
      if (moved.length === 0) {
        throw new AppError('request_conflict', 'The application was already submitted.');
      }
      return insertAction(tx, caller, {
        portfolioId: portfolio.id,
        type: 'OPEN-ACCOUNT',
        state: initialState('OPEN-ACCOUNT'),
        payload: body.action_payload,
      });
    });
    reply.code(201);
    return toAction(row);
  });

  apiRoute(app, context, listPortfolioActions, async ({ params, query, caller }) => {
    const portfolio = await getVisiblePortfolio(params.id, caller);
    // Advisors (and managers, CIOs) see only the states listed to them; operations sees all.
    const allowed: readonly ActionState[] = OPERATORS.includes(caller.role)
      ? (query.state ?? [])
      : (query.state ?? ADVISOR_LISTED_STATES).filter((state) =>
          ADVISOR_LISTED_STATES.includes(state),
        );
    if (!OPERATORS.includes(caller.role) && allowed.length === 0) return [];
    const rows = await db
      .select()
      .from(actions)
      .where(
        and(
          eq(actions.portfolioId, portfolio.id),
          eq(actions.firmId, caller.firmId),
          allowed.length > 0 ? inArray(actions.state, [...allowed]) : undefined,
        ),
      )
      .orderBy(asc(actions.createdAt));
    return rows.map(toAction);
  });

  apiRoute(app, context, getPortfolioAction, async ({ params, caller }) =>
    toAction(await getVisibleAction(params.id, params.action_id, caller)),
  );

  /** Operations moves an action (PUT) or changes its state and/or instructions (PATCH). */
  async function moveByOperations(
    portfolioId: string,
    actionId: string,
    caller: Caller,
    change: { state?: ActionState; needs_action_payload?: NeedsActionPayload | null },
  ): Promise<Action> {
    // Looked up first, so an action out of the caller's sight is 404 whoever asks.
    const current = await getVisibleAction(portfolioId, actionId, caller);
    if (!OPERATORS.includes(caller.role)) {
      throw new AppError('permission_denied', 'Only operations staff move actions.');
    }
    const from = current.state as ActionState;
    const instructions =
      change.needs_action_payload === undefined
        ? (current.needsActionPayload as NeedsActionPayload | null)
        : change.needs_action_payload;
    let to: ActionState;
    if (change.state === undefined) {
      // Only the instructions change, which makes sense only while the advisor is asked.
      if (!needsInstructions(from)) {
        throw new AppError('request_conflict', `An action in state ${from} has no instructions.`);
      }
      to = failWith(
        instructions
          ? { ok: true, to: from }
          : { ok: false, code: 'validation', detail: 'Instructions are required for this state.' },
      );
    } else {
      to = failWith(operationsMove(from, change.state, Boolean(instructions)));
    }
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(actions)
        .set({
          state: to,
          needsActionPayload: needsInstructions(to) ? instructions : null,
          lastUpdatedAt: new Date(),
        })
        // Only if nobody moved it meanwhile.
        .where(and(eq(actions.id, current.id), eq(actions.state, from)))
        .returning();
      if (!updated) throw new AppError('request_conflict', 'The action was changed meanwhile.');
      await recordTransition(tx, updated, from, caller);
      if (to === 'COMPLETED') {
        await applyCompletedAction(
          tx,
          box,
          { firmId: updated.firmId, portfolioId: updated.portfolioId, actionId: updated.id },
          updated.actionType as ActionType,
          updated.actionPayload,
          () => openedAccountOf(tx, updated.portfolioId),
        );
      }
      // Approval rule: a completed REQUEST-DEPOSIT/WITHDRAWAL spawns the EXECUTE-* child that
      // operations carries out next, with the same cash, already PENDING (it is theirs to do).
      const childType: ActionType | undefined =
        to === 'COMPLETED'
          ? updated.actionType === 'REQUEST-DEPOSIT'
            ? 'EXECUTE-DEPOSIT'
            : updated.actionType === 'REQUEST-WITHDRAWAL'
              ? 'EXECUTE-WITHDRAWAL'
              : undefined
          : undefined;
      if (childType) {
        await insertAction(tx, caller, {
          portfolioId: updated.portfolioId,
          type: childType,
          state: 'PENDING',
          payload: updated.actionPayload,
          parentActionId: updated.id,
        });
      }
      return updated;
    });
    return toAction(row);
  }

  apiRoute(app, context, replacePortfolioAction, ({ params, body, caller }) =>
    moveByOperations(params.id, params.action_id, caller, body),
  );
  apiRoute(app, context, updatePortfolioAction, ({ params, body, caller }) =>
    moveByOperations(params.id, params.action_id, caller, body),
  );

  apiRoute(app, context, submitPortfolioActionResponse, async ({ params, body, caller }) => {
    const current = await getVisibleAction(params.id, params.action_id, caller);
    const from = current.state as ActionState;
    const to = failWith(submitResponse(from));
    if (body.action_type !== current.actionType) {
      throw new RequestValidationError({
        type: 'validation_error',
        errors: [
          {
            code: 'invalid',
            detail: `This action is a ${current.actionType}.`,
            attr: 'action_type',
          },
        ],
      });
    }
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(actions)
        .set({
          state: to,
          actionPayload: body.action_payload,
          // The request is answered; what the advisor wrote back (if anything) is kept.
          needsActionPayload: body.needs_action_payload ?? null,
          lastUpdatedAt: new Date(),
        })
        .where(and(eq(actions.id, current.id), eq(actions.state, from)))
        .returning();
      if (!updated) throw new AppError('request_conflict', 'The action was changed meanwhile.');
      await recordTransition(tx, updated, from, caller);
      return updated;
    });
    return toAction(row);
  });

  apiRoute(app, context, cancelPortfolioAction, async ({ params, caller, reply }) => {
    const current = await getVisibleAction(params.id, params.action_id, caller);
    const from = current.state as ActionState;
    const to = failWith(advisorDelete(from));
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(actions)
        .set({ state: to, lastUpdatedAt: new Date() })
        .where(and(eq(actions.id, current.id), eq(actions.state, from)))
        .returning();
      if (!updated) throw new AppError('request_conflict', 'The action was changed meanwhile.');
      await recordTransition(tx, updated, from, caller);
    });
    return reply.code(204).send();
  });
}
