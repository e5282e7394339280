import { randomUUID } from 'node:crypto';
import { seededRandom } from '@ballast/engine';
import type { PrintedUser } from '../../apps/server/src/server-process.ts';
import { type Answer, jsonOf, type OutgoingCall } from './http-client.ts';
import { weightedRotation } from './open-schedule.ts';

/**
 * The calls of the mix and their shares out of 100, sign-ins apart: mostly the screens an
 * advisor reads (the list most of all, as every visit starts there; the detail page's four
 * reads), and a steady trickle of deposit requests that operations takes through PENDING to
 * COMPLETED. The list is asked as the web app asks it: whole, and now and then narrowed to one
 * status by the list page's filter; the histories as the detail page's charts ask them, a
 * year back, in pages of 500.
 */
export const CALL_SHARES = {
  'GET /portfolios': 12,
  'GET /portfolios?status=IN-GOOD-ORDER': 3,
  'GET /portfolios/{id}': 22,
  'GET /portfolios/{id}/holding': 16,
  'GET /portfolios/{id}/nav/history': 12,
  'GET /portfolios/{id}/deposit-withdraw/history': 10,
  'GET /portfolios/{id}/gain-loss/history': 10,
  'POST /portfolios/{id}/request-deposit': 5,
  'PUT /portfolios/{id}/actions/{action_id} PENDING': 5,
  'PUT /portfolios/{id}/actions/{action_id} COMPLETED': 5,
} as const;

export const SIGN_IN = 'POST /sdk/v1/passwords/authenticate';

export type CallName = keyof typeof CALL_SHARES | typeof SIGN_IN;

/**
 * Sign-ins are a thousandth of the calls, 12 a minute at 200 calls a second (a few hundred
 * advisors at work, each signing in about once an hour), and never more than 40 a minute: the
 * identity service allows 60 password sign-ins a minute from one IP address, which is all the
 * load comes from, and 30 for one e-mail address, which the four users in turn stay far under;
 * the four sign-ins before the load fit in the same minute's window. Each signed-in user's
 * session JWT (which lives five minutes) is replaced by the one their latest sign-in gave, so
 * from MIN_RATE calls a second on every JWT is renewed in time.
 */
export function signInsPerSecond(rate: number): number {
  return Math.min(40 / 60, rate / 1000);
}

/** The demo users whose sessions the mix uses: readers, requesters, operations. */
export const WORKLOAD_ROLES = ['ADVISOR', 'MANAGER', 'CIO', 'OPERATIONS'] as const;
export type WorkloadRole = (typeof WORKLOAD_ROLES)[number];

export type SignedInUser = PrintedUser & { jwt: string };

/** What one slot sends, and what its 2xx answer teaches the calls after it. */
export type PlannedCall = OutgoingCall & { onSuccess?: (answer: Answer) => void };

export type Slot = { name: CallName; call: PlannedCall | undefined };

type Deposit = { portfolioId: string; actionId: string };

/** Each call of the returned function gives the next of `items`, round and round. */
function inTurn<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length] as T;
}

/**
 * The mix at `rate` calls a second. Each `nextSlot()` names the call the schedule's next slot
 * makes; `call` is undefined when operations has no deposit to move yet (the request it would
 * move is still in flight), and the slot is then not sent.
 *
 * Deposit requests go to the portfolios in turn, skipping any with a request of ours still
 * open, so the rule of one open deposit per portfolio (decision 008) is never what answers; each
 * carries a fresh Idempotency-Key as the web app sends (decision 029). Completing a request
 * starts its EXECUTE-DEPOSIT child, which stays with operations: it is a kind of its own and
 * does not hold the next request back.
 */
export function createMixedWorkload(context: {
  rate: number;
  portfolioIds: readonly string[];
  users: Record<WorkloadRole, SignedInUser>;
  publicToken: string;
  /** The first day the history charts show (YYYY-MM-DD). */
  historyStart: string;
}) {
  const { portfolioIds, users } = context;
  const signInShare = signInsPerSecond(context.rate) / context.rate;
  const nextName = weightedRotation<CallName>({
    ...CALL_SHARES,
    // Out of 100 + w, w is the sign-ins' share.
    [SIGN_IN]: (100 * signInShare) / (1 - signInShare),
  });
  const random = seededRandom(2026);
  const readers = [users.ADVISOR, users.MANAGER, users.CIO];
  const reader = inTurn(readers);
  const requester = inTurn([users.ADVISOR, users.MANAGER]);
  const signingIn = inTurn(WORKLOAD_ROLES.map((role) => users[role]));
  const anyPortfolio = () => random.pick(portfolioIds);

  const open = new Set<string>();
  let nextDepositAt = 0;
  const toPending: Deposit[] = [];
  const toComplete: Deposit[] = [];
  const basic = Buffer.from(`${context.publicToken}:${context.publicToken}`).toString('base64');

  const as = (user: SignedInUser): Record<string, string> => ({
    authorization: `Bearer ${user.jwt}`,
    // As a browser sends it: the list is kept compressed both ways (decision 011).
    'accept-encoding': 'gzip, deflate, br',
  });
  const read = (path: string): PlannedCall => ({
    method: 'GET',
    path: `/api${path}`,
    headers: as(reader()),
  });
  const history = (kind: string) =>
    read(
      `/portfolios/${anyPortfolio()}/${kind}/history?limit=500&offset=0&start_time=${context.historyStart}`,
    );

  function requestDeposit(): PlannedCall | undefined {
    for (let tried = 0; tried < portfolioIds.length; tried += 1) {
      const portfolioId = portfolioIds[nextDepositAt++ % portfolioIds.length] as string;
      if (open.has(portfolioId)) continue;
      open.add(portfolioId);
      return {
        method: 'POST',
        path: `/api/portfolios/${portfolioId}/request-deposit`,
        headers: { ...as(requester()), 'idempotency-key': randomUUID() },
        body: { action_payload: { cash: 10_000 } },
        keepBody: true,
        onSuccess: (answer) => {
          toPending.push({ portfolioId, actionId: jsonOf<{ id: string }>(answer).id });
        },
      };
    }
    return undefined;
  }

  function move(queue: Deposit[], state: 'PENDING' | 'COMPLETED'): PlannedCall | undefined {
    const deposit = queue.shift();
    if (!deposit) return undefined;
    return {
      method: 'PUT',
      path: `/api/portfolios/${deposit.portfolioId}/actions/${deposit.actionId}`,
      headers: as(users.OPERATIONS),
      body: { state },
      onSuccess: () => {
        if (state === 'PENDING') toComplete.push(deposit);
        else open.delete(deposit.portfolioId);
      },
    };
  }

  function signIn(): PlannedCall {
    const user = signingIn();
    return {
      method: 'POST',
      path: '/sdk/v1/passwords/authenticate',
      headers: { authorization: `Basic ${basic}` },
      body: { email: user.email, password: user.password, session_duration_minutes: 60 },
      keepBody: true,
      onSuccess: (answer) => {
        user.jwt = jsonOf<{ data: { session_jwt: string } }>(answer).data.session_jwt;
      },
    };
  }

  const plans: Record<CallName, () => PlannedCall | undefined> = {
    'GET /portfolios': () => read('/portfolios'),
    'GET /portfolios?status=IN-GOOD-ORDER': () => read('/portfolios?status=IN-GOOD-ORDER'),
    'GET /portfolios/{id}': () => read(`/portfolios/${anyPortfolio()}`),
    'GET /portfolios/{id}/holding': () => read(`/portfolios/${anyPortfolio()}/holding`),
    'GET /portfolios/{id}/nav/history': () => history('nav'),
    'GET /portfolios/{id}/deposit-withdraw/history': () => history('deposit-withdraw'),
    'GET /portfolios/{id}/gain-loss/history': () => history('gain-loss'),
    'POST /portfolios/{id}/request-deposit': requestDeposit,
    'PUT /portfolios/{id}/actions/{action_id} PENDING': () => move(toPending, 'PENDING'),
    'PUT /portfolios/{id}/actions/{action_id} COMPLETED': () => move(toComplete, 'COMPLETED'),
    [SIGN_IN]: signIn,
  };

  return {
    /**
     * Each reader's lists, whole and filtered, to ask for once before the clock starts. The list
     * is built once per viewer and filter and kept until the firm's list changes (decision 010);
     * a cold one is a start-up cost, not the steady state measured here. Every request that
     * finds it cold builds it alone: at 10,000 portfolios and 30 lists a second those builds
     * piled up and stalled the whole server for some twenty seconds.
     */
    warmUp: (): PlannedCall[] =>
      readers.flatMap((user) =>
        ['/portfolios', '/portfolios?status=IN-GOOD-ORDER'].map((path) => ({
          method: 'GET' as const,
          path: `/api${path}`,
          headers: as(user),
        })),
      ),
    /** Every call of the mix, in the order the report lists them. */
    names: [...Object.keys(CALL_SHARES), SIGN_IN] as CallName[],
    nextSlot(): Slot {
      const name = nextName();
      return { name, call: plans[name]() };
    },
  };
}
