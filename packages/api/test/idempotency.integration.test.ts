/**
 * `Idempotency-Key` on the calls that make an action (decision 029): a client that lost an answer
 * and sends the request again gets the first answer, never a second deposit.
 */
import { IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_REUSED } from '@ballast/contract';
import { makePortfolioInputs } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ActionBody, accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';

describe('requests made once per Idempotency-Key', () => {
  const api = useApi();
  const steps = accountSteps(api);
  let advisor: SignedIn;
  let colleague: SignedIn;
  let ops: SignedIn;

  beforeAll(async () => {
    const team = await steps.team();
    advisor = team.advisor;
    ops = team.ops;
    colleague = await api.signIn('MANAGER', { firmId: team.firmId });
  });

  function deposit(as: SignedIn, id: string, cash: number, key?: string) {
    return api.call(as, {
      method: 'POST',
      url: `/portfolios/${id}/request-deposit`,
      payload: { action_payload: { cash } },
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });
  }

  async function actionsOf(id: string) {
    return api.database.db
      .select({ id: schema.actions.id, type: schema.actions.actionType })
      .from(schema.actions)
      .where(eq(schema.actions.portfolioId, id));
  }

  async function transitionsOf(actionIds: string[]) {
    return api.database.db
      .select()
      .from(schema.actionTransitions)
      .where(inArray(schema.actionTransitions.actionId, actionIds));
  }

  it('answers a retry with the action the first call made, and makes it once', async () => {
    const id = await steps.openAccount(advisor, ops);
    const key = crypto.randomUUID();

    const first = await deposit(advisor, id, 2500, key);
    const retry = await deposit(advisor, id, 2500, key);

    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((retry.json() as ActionBody).id).toBe((first.json() as ActionBody).id);
    const deposits = (await actionsOf(id)).filter((a) => a.type === 'REQUEST-DEPOSIT');
    expect(deposits).toHaveLength(1);
    expect(await transitionsOf(deposits.map((a) => a.id))).toHaveLength(1);
  });

  it('without a key, a second deposit while one is open is refused as before', async () => {
    const id = await steps.openAccount(advisor, ops);
    expect((await deposit(advisor, id, 100)).statusCode).toBe(201);
    const second = await deposit(advisor, id, 100);
    expect(second.statusCode).toBe(409);
  });

  it('refuses a key sent again with a different request', async () => {
    const id = await steps.openAccount(advisor, ops);
    const other = await steps.openAccount(advisor, ops);
    const key = crypto.randomUUID();
    expect((await deposit(advisor, id, 2500, key)).statusCode).toBe(201);

    for (const reused of [
      await deposit(advisor, id, 9999, key),
      await deposit(advisor, other, 2500, key),
      await api.call(advisor, {
        method: 'POST',
        url: `/portfolios/${id}/request-withdrawal`,
        payload: { action_payload: { cash: 2500 } },
        headers: { 'idempotency-key': key },
      }),
    ]) {
      expect(reused.statusCode, reused.body).toBe(409);
      expect(reused.json()).toEqual({
        type: 'client_error',
        errors: [{ code: 'request_conflict', detail: IDEMPOTENCY_KEY_REUSED, attr: null }],
      });
    }
    expect(await actionsOf(other)).toHaveLength(1);
  });

  it('keeps each advisor’s keys apart', async () => {
    const id = await steps.openAccount(advisor, ops);
    const key = crypto.randomUUID();
    const mine = await deposit(advisor, id, 300, key);
    await steps.complete(ops, id, (mine.json() as ActionBody).id);
    const theirs = await deposit(colleague, id, 300, key);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((theirs.json() as ActionBody).id).not.toBe((mine.json() as ActionBody).id);
  });

  it('makes one action of many concurrent calls with one key', async () => {
    const id = await steps.openAccount(advisor, ops);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => deposit(advisor, id, 4200, key)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const ids = new Set(answers.map((answer) => (answer.json() as ActionBody).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect((await actionsOf(id)).filter((a) => a.type === 'REQUEST-DEPOSIT')).toHaveLength(1);
  });

  it('answers a resubmitted application with its OPEN-ACCOUNT action, not a conflict', async () => {
    const id = await steps.newPortfolio(advisor);
    await api.call(advisor, {
      method: 'PUT',
      url: `/portfolios/${id}/inputs`,
      payload: makePortfolioInputs(),
    });
    const key = crypto.randomUUID();
    const open = () =>
      api.call(advisor, {
        method: 'POST',
        url: `/portfolios/${id}/open`,
        payload: { action_payload: {} },
        headers: { 'idempotency-key': key },
      });
    const first = await open();
    const retry = await open();
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode, retry.body).toBe(201);
    expect((retry.json() as ActionBody).id).toBe((first.json() as ActionBody).id);
    expect(await actionsOf(id)).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'two words'],
  ])('refuses a key that is %s, before making anything', async (_name, key) => {
    const id = await steps.openAccount(advisor, ops);
    const refused = await deposit(advisor, id, 100, key);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'invalid', detail: IDEMPOTENCY_KEY_INVALID, attr: 'non_field_errors' }],
    });
    expect((await actionsOf(id)).filter((a) => a.type === 'REQUEST-DEPOSIT')).toHaveLength(0);
  });
});
