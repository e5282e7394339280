import {
  type ActionState,
  type ActionType,
  PortfolioInputsSchema,
  toValidationErrorResponse,
  type UpdateCustodianPayload,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { savedInputsOf } from '../accounts/saved-inputs.ts';
import { refuseCustodiansNotOffered } from '../administration/firm-custodians.ts';
import type { ApiContext } from '../api-route.ts';
import { AppError, RequestValidationError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { getVisiblePortfolio, type PortfolioRow } from '../auth/portfolio-visibility.ts';
import { getApplication } from '../portfolios/onboarding-application.ts';
import { type ActionRow, insertAction } from './action-store.ts';
import { type KeyedRequest, type MadeAction, onceForKey } from './idempotent-requests.ts';
import { initialState, isOpen } from './transitions.ts';

const { actions, portfolios } = schema;

/** The action types an advisor asks for on an opened account, one route each. */
export type RequestType = Exclude<
  ActionType,
  'OPEN-ACCOUNT' | 'EXECUTE-DEPOSIT' | 'EXECUTE-WITHDRAWAL'
>;

/** What the advisor sent: the action's payload, and the request's `Idempotency-Key` if any. */
export type Sent = { payload: unknown; key: string | undefined };

/**
 * An advisor's request. Only on an account past onboarding and not closed; and one open action
 * of a kind at a time, so a double submission cannot ask operations to move money twice; the
 * advisor cancels the first to send another. A retry under the same key answers the first.
 */
export async function createRequest(
  { db }: Pick<ApiContext, 'db'>,
  caller: Caller,
  portfolioId: string,
  type: RequestType,
  { payload, key }: Sent,
): Promise<MadeAction> {
  if (caller.role === 'OPERATIONS') {
    throw new AppError('permission_denied', 'Operations staff do not make client requests.');
  }
  const portfolio = await getVisiblePortfolio(db, portfolioId, caller);
  const request = { key, portfolioId: portfolio.id, type, payload };
  return onceForKey(db, caller, request, () => insertRequest(db, caller, portfolio, request));
}

async function insertRequest(
  db: Db,
  caller: Caller,
  portfolio: PortfolioRow,
  { key, type, payload }: KeyedRequest & { type: RequestType },
): Promise<ActionRow> {
  if (portfolio.status === 'INCOMPLETE' || portfolio.status === 'CLOSED') {
    throw new AppError(
      'request_conflict',
      portfolio.status === 'CLOSED'
        ? 'The account is closed.'
        : 'The account has not been opened yet; submit the application first.',
    );
  }
  if (type === 'UPDATE-CUSTODIAN') {
    // The route has parsed the payload with the type's own schema (UpdateCustodianPayloadSchema).
    const accounts = payload as UpdateCustodianPayload;
    await refuseCustodiansNotOffered(
      db,
      caller.firmId,
      accounts.map((account) => account.custodian_name),
      'action_payload',
    );
  }
  return db.transaction(async (tx) => {
    // Requests on one portfolio queue here, so two at once cannot both find none open.
    await tx
      .select({ id: portfolios.id })
      .from(portfolios)
      .where(eq(portfolios.id, portfolio.id))
      .for('update');
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
      ...(key === undefined ? {} : { idempotencyKey: key }),
    });
  });
}

/** Submits the onboarding application: the portfolio goes PENDING with its OPEN-ACCOUNT action. */
export async function openAccount(
  context: Pick<ApiContext, 'db' | 'box'>,
  caller: Caller,
  portfolioId: string,
  { payload, key }: Sent,
): Promise<MadeAction> {
  if (caller.role === 'OPERATIONS') {
    throw new AppError('permission_denied', 'Operations staff do not open client accounts.');
  }
  const portfolio = await getVisiblePortfolio(context.db, portfolioId, caller);
  const request = { key, portfolioId: portfolio.id, type: 'OPEN-ACCOUNT', payload };
  return onceForKey(context.db, caller, request, () =>
    submitApplication(context, caller, portfolio, request),
  );
}

async function submitApplication(
  { db, box }: Pick<ApiContext, 'db' | 'box'>,
  caller: Caller,
  portfolio: PortfolioRow,
  { key, payload }: KeyedRequest,
): Promise<ActionRow> {
  if (portfolio.status !== 'INCOMPLETE') {
    throw new AppError('request_conflict', 'The application was already submitted.');
  }
  // The saved draft was checked laxly; opening checks it strictly, at the draft's own attrs.
  const input = savedInputsOf(await getApplication(db, portfolio.id), box);
  const checked = PortfolioInputsSchema.safeParse(input);
  if (!checked.success) {
    throw new RequestValidationError(toValidationErrorResponse(checked.error, { input }));
  }
  await refuseCustodiansNotOffered(
    db,
    caller.firmId,
    checked.data.custodians.map((custodian) => custodian.custodian_name),
    'custodians',
  );
  return db.transaction(async (tx) => {
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
      payload,
      ...(key === undefined ? {} : { idempotencyKey: key }),
    });
  });
}
