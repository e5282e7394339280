import { describe, expect, it } from 'vitest';
import type { Answer } from './http-client.ts';
import {
  type CallName,
  createMixedWorkload,
  SIGN_IN,
  type SignedInUser,
  signInsPerSecond,
  WORKLOAD_ROLES,
  type WorkloadRole,
} from './mixed-workload.ts';

const DEPOSIT = 'POST /portfolios/{id}/request-deposit';
const TO_PENDING = 'PUT /portfolios/{id}/actions/{action_id} PENDING';
const TO_COMPLETED = 'PUT /portfolios/{id}/actions/{action_id} COMPLETED';

function answer(body: unknown): Answer {
  return { status: 201, headers: {}, body: Buffer.from(JSON.stringify(body)) };
}

function workload(rate = 200, portfolioIds = ['p1', 'p2', 'p3']) {
  const users = Object.fromEntries(
    WORKLOAD_ROLES.map((role) => [
      role,
      { role, email: `${role}@demo.test`, password: 'pw', jwt: `jwt-${role}` },
    ]),
  ) as Record<WorkloadRole, SignedInUser>;
  const mix = createMixedWorkload({
    rate,
    portfolioIds,
    users,
    publicToken: 'public-token-test',
    historyStart: '2025-11-27',
  });
  /** The next slot of `name`, passing over the slots of other calls. */
  const next = (name: CallName) => {
    for (let tried = 0; tried < 10_000; tried += 1) {
      const slot = mix.nextSlot();
      if (slot.name === name) return slot.call;
    }
    throw new Error(`no ${name} slot came`);
  };
  return { mix, next, users };
}

describe('the mixed workload', () => {
  it('signs in once in a thousand calls, at most 40 times a minute (the identity allows 60)', () => {
    expect(signInsPerSecond(200) * 60).toBeCloseTo(12);
    expect(signInsPerSecond(10_000) * 60).toBe(40);
    const { mix } = workload(200);
    let signIns = 0;
    for (let slot = 0; slot < 200 * 60; slot += 1) {
      if (mix.nextSlot().name === SIGN_IN) signIns += 1;
    }
    expect(signIns).toBe(12);
  });

  it('asks for one deposit per portfolio until operations has completed it', () => {
    const { next } = workload();
    const asked = [next(DEPOSIT), next(DEPOSIT), next(DEPOSIT)];
    expect(asked.map((call) => call?.path)).toEqual([
      '/api/portfolios/p1/request-deposit',
      '/api/portfolios/p2/request-deposit',
      '/api/portfolios/p3/request-deposit',
    ]);
    expect(new Set(asked.map((call) => call?.headers['idempotency-key'])).size).toBe(3);
    // Every portfolio has a request open, and none has answered: nothing to ask, nothing to move.
    expect(next(DEPOSIT)).toBeUndefined();
    expect(next(TO_PENDING)).toBeUndefined();

    asked[1]?.onSuccess?.(answer({ id: 'a2' }));
    const pending = next(TO_PENDING);
    expect(pending).toMatchObject({
      method: 'PUT',
      path: '/api/portfolios/p2/actions/a2',
      body: { state: 'PENDING' },
      headers: { authorization: 'Bearer jwt-OPERATIONS' },
    });
    expect(next(TO_COMPLETED)).toBeUndefined();
    pending?.onSuccess?.(answer({}));
    const completed = next(TO_COMPLETED);
    expect(completed).toMatchObject({ body: { state: 'COMPLETED' } });
    expect(next(DEPOSIT)).toBeUndefined();
    completed?.onSuccess?.(answer({}));
    expect(next(DEPOSIT)?.path).toBe('/api/portfolios/p2/request-deposit');
  });

  it("reads with a user's newest session once they have signed in again", () => {
    const { mix, next, users } = workload();
    const signIns = WORKLOAD_ROLES.map(() => next(SIGN_IN));
    expect(signIns.map((call) => (call?.body as { email?: string } | undefined)?.email)).toEqual(
      WORKLOAD_ROLES.map((role) => users[role].email),
    );
    for (const [index, call] of signIns.entries()) {
      call?.onSuccess?.(answer({ data: { session_jwt: `renewed-${index}` } }));
    }
    const readers = new Set<string | undefined>();
    for (let slot = 0; slot < 100; slot += 1) {
      const { call } = mix.nextSlot();
      if (call?.method === 'GET') readers.add(call.headers.authorization);
    }
    expect(readers).toEqual(new Set(['Bearer renewed-0', 'Bearer renewed-1', 'Bearer renewed-2']));
  });

  it("warms each reader's lists, whole and filtered, before the clock starts", () => {
    const { mix } = workload();
    expect(mix.warmUp().map((call) => `${call.headers.authorization} ${call.path}`)).toEqual([
      'Bearer jwt-ADVISOR /api/portfolios',
      'Bearer jwt-ADVISOR /api/portfolios?status=IN-GOOD-ORDER',
      'Bearer jwt-MANAGER /api/portfolios',
      'Bearer jwt-MANAGER /api/portfolios?status=IN-GOOD-ORDER',
      'Bearer jwt-CIO /api/portfolios',
      'Bearer jwt-CIO /api/portfolios?status=IN-GOOD-ORDER',
    ]);
  });
});
