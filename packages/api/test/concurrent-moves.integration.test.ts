/**
 * Two people acting on one thing at the same moment: one of them wins, the other is told (409),
 * and the log holds one move, never two.
 */
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ActionBody, accountSteps } from './support/account-steps.ts';
import { useApi } from './support/api-fixture.ts';

describe('concurrent moves', () => {
  const api = useApi();
  const steps = accountSteps(api);

  async function transitionsOf(actionId: string) {
    return api.database.db
      .select({ from: schema.actionTransitions.fromState, to: schema.actionTransitions.toState })
      .from(schema.actionTransitions)
      .where(eq(schema.actionTransitions.actionId, actionId));
  }

  it('two operations users moving one request: one transition and one 409', async () => {
    const { advisor, ops, firmId } = await steps.team();
    const otherOps = await api.signIn('OPERATIONS', { firmId });
    const id = await steps.openAccount(advisor, ops);
    for (let round = 0; round < 5; round++) {
      const made = await steps.request(advisor, id, 'request-deposit', { cash: 100 + round });
      const deposit = made.json() as ActionBody;

      const answers = await Promise.all(
        [ops, otherOps].map((who) => steps.move(who, id, deposit.id, { state: 'PENDING' })),
      );

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json()).toMatchObject({
        type: 'client_error',
        errors: [{ code: 'request_conflict', attr: null }],
      });
      expect(await transitionsOf(deposit.id)).toEqual([
        { from: null, to: 'SUBMITTED-CANCELLABLE' },
        { from: 'SUBMITTED-CANCELLABLE', to: 'PENDING' },
      ]);
      expect((await steps.move(ops, id, deposit.id, { state: 'COMPLETED' })).statusCode).toBe(200);
    }
  });

  it('many deposits sent at once without a key: one is made, the rest are refused', async () => {
    const { advisor, ops } = await steps.team();
    const id = await steps.openAccount(advisor, ops);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => steps.request(advisor, id, 'request-deposit', { cash: 50 })),
    );

    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    const deposits = await api.database.db
      .select({ id: schema.actions.id })
      .from(schema.actions)
      .where(eq(schema.actions.portfolioId, id));
    expect(deposits.length).toBe(2);
  });
});
