/**
 * Reassigning a departing advisor's portfolios in one step (decision 022): the counts, the
 * portfolio lists straight after, the refusals, and the audit event.
 */
import { REASSIGN_TO_INACTIVE, REASSIGN_TO_SELF, REASSIGN_TO_UNKNOWN } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';

type PortfolioList = {
  portfolios: { id: string; advisors: { first_name: string; last_name: string }[] }[];
};

describe('reassigning portfolios', () => {
  const api = useApi();
  const steps = accountSteps(api);

  function reassign(as: SignedIn, from: string, to: string) {
    return api.call(as, {
      method: 'POST',
      url: `/firms/${as.firmId}/users/${from}/reassign-portfolios`,
      payload: { to_advisor: to },
    });
  }

  async function visibleTo(as: SignedIn): Promise<PortfolioList['portfolios']> {
    const response = await api.call(as, { method: 'GET', url: '/portfolios' });
    expect(response.statusCode).toBe(200);
    return (response.json() as PortfolioList).portfolios;
  }

  it('gives every portfolio of the departing advisor to the taker, seen in the lists at once', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const leaving = await api.signIn('ADVISOR', { firmId: admin.firmId });
    const taker = await api.signIn('MANAGER', { firmId: admin.firmId });
    const bystander = await api.signIn('ADVISOR', { firmId: admin.firmId });
    const own = await steps.newPortfolio(leaving);
    const shared = await steps.newPortfolio(leaving);
    const untouched = await steps.newPortfolio(bystander);
    // The taker already advises one of them, beside the departing advisor.
    const named = await api.call(leaving, {
      method: 'PATCH',
      url: `/portfolios/${shared}/inputs`,
      payload: { advisor_input_data: [leaving.advisorId, taker.advisorId] },
    });
    expect(named.statusCode, named.body).toBe(200);
    // Both lists are built, and cached, before the move.
    expect((await visibleTo(leaving)).map((portfolio) => portfolio.id).sort()).toEqual(
      [own, shared].sort(),
    );
    const before = await visibleTo(admin);

    const moved = await reassign(admin, leaving.advisorId, taker.advisorId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ moved: 2 });

    expect(await visibleTo(leaving)).toEqual([]);
    const after = await visibleTo(admin);
    expect(after).not.toEqual(before);
    for (const id of [own, shared]) {
      expect(after.find((portfolio) => portfolio.id === id)?.advisors).toEqual([
        { first_name: 'Test', last_name: 'MANAGER' },
      ]);
    }
    expect(after.find((portfolio) => portfolio.id === untouched)?.advisors).toEqual([
      { first_name: 'Test', last_name: 'ADVISOR' },
    ]);
    const users = (
      await api.call(admin, { method: 'GET', url: `/firms/${admin.firmId}/users` })
    ).json() as { advisor: string; portfolio_count: number }[];
    const countOf = (id: string) => users.find((user) => user.advisor === id)?.portfolio_count;
    expect([countOf(leaving.advisorId), countOf(taker.advisorId)]).toEqual([0, 2]);

    const events = (
      await api.call(admin, { method: 'GET', url: `/firms/${admin.firmId}/audit-events` })
    ).json() as { results: unknown[] };
    expect(events.results).toEqual([
      expect.objectContaining({
        kind: 'PORTFOLIOS_REASSIGNED',
        subject: leaving.email,
        before: { advisor: leaving.email, portfolios: 2 },
        after: { advisor: taker.email },
      }),
    ]);
    // Nothing left to move: nothing moves, and nothing more is written.
    expect((await reassign(admin, leaving.advisorId, taker.advisorId)).json()).toEqual({
      moved: 0,
    });
  });

  it('refuses the same person, an inactive advisor and anyone outside the firm, at to_advisor', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const leaving = await api.signIn('ADVISOR', { firmId: admin.firmId });
    const gone = await api.signIn('ADVISOR', { firmId: admin.firmId, status: 'INACTIVE' });
    const stranger = await api.signIn('ADVISOR');
    await steps.newPortfolio(leaving);
    const cases = [
      { to: leaving.advisorId, code: 'invalid', detail: REASSIGN_TO_SELF },
      { to: gone.advisorId, code: 'invalid', detail: REASSIGN_TO_INACTIVE },
      { to: stranger.advisorId, code: 'does_not_exist', detail: REASSIGN_TO_UNKNOWN },
      { to: crypto.randomUUID(), code: 'does_not_exist', detail: REASSIGN_TO_UNKNOWN },
    ];
    for (const { to, code, detail } of cases) {
      const response = await reassign(admin, leaving.advisorId, to);
      expect(response.statusCode, detail).toBe(400);
      expect(response.json()).toEqual({
        type: 'validation_error',
        errors: [{ code, detail, attr: 'to_advisor' }],
      });
    }
    const notAnId = await reassign(admin, leaving.advisorId, 'someone');
    expect(notAnId.json()).toMatchObject({ errors: [{ attr: 'to_advisor' }] });
    // The departing advisor must be of the firm too; another firm's answers 404.
    expect((await reassign(admin, stranger.advisorId, admin.advisorId)).statusCode).toBe(404);
    expect((await visibleTo(leaving)).length).toBe(1);
  });
});
