/**
 * `Idempotency-Key` on the calls that make an action (decision 029): a client that lost the
 * answer sends the same request with the same key and gets the action the first call made, so a
 * retried deposit is never two deposits. Keys belong to the advisor who sent them.
 */
import { IDEMPOTENCY_KEY_REUSED } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { isUniqueViolation } from '../unique-violation.ts';
import type { ActionRow } from './action-store.ts';

const { actions } = schema;

/** What a request asks for, compared with what an earlier call under the same key asked. */
export type KeyedRequest = {
  key: string | undefined;
  portfolioId: string;
  type: string;
  payload: unknown;
};

/** An action, and whether it was made by an earlier call with the same key. */
export type MadeAction = { action: ActionRow; replayed: boolean };

/**
 * Makes the action once per key: the earlier call's action if there is one; otherwise `make`.
 * A concurrent call with the same key may win meanwhile, and `make` then fails, on the unique
 * index or on the rule of one open action of a kind: that call's action is the answer.
 */
export async function onceForKey(
  db: Db,
  caller: Caller,
  request: KeyedRequest,
  make: () => Promise<ActionRow>,
): Promise<MadeAction> {
  const earlier = await earlierAction(db, caller, request);
  if (earlier) return { action: earlier, replayed: true };
  try {
    return { action: await make(), replayed: false };
  } catch (error) {
    const lostRace = isUniqueViolation(error) || error instanceof AppError;
    if (request.key === undefined || !lostRace) throw error;
    const winner = await earlierAction(db, caller, request);
    if (!winner) throw error;
    return { action: winner, replayed: true };
  }
}

/**
 * The action this advisor's earlier call with the key made, provided it asked the same thing;
 * a key sent again with another request is refused rather than silently answered.
 */
async function earlierAction(
  db: Db,
  caller: Caller,
  request: KeyedRequest,
): Promise<ActionRow | undefined> {
  if (request.key === undefined) return undefined;
  const [found] = await db
    .select({
      action: actions,
      // jsonb equality: the same payload whatever the order of its keys or the spelling of a number.
      samePayload: sql<boolean>`${actions.actionPayload} = ${JSON.stringify(request.payload ?? null)}::jsonb`,
    })
    .from(actions)
    .where(
      and(
        eq(actions.firmId, caller.firmId),
        eq(actions.createdByAdvisorId, caller.advisorId),
        eq(actions.idempotencyKey, request.key),
      ),
    );
  if (!found) return undefined;
  const same =
    found.action.portfolioId === request.portfolioId &&
    found.action.actionType === request.type &&
    found.samePayload;
  if (!same) throw new AppError('request_conflict', IDEMPOTENCY_KEY_REUSED);
  return found.action;
}
