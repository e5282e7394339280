import { makePortfolioInputs } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ActionBody, accountSteps } from './support/account-steps.ts';
import { useApi } from './support/api-fixture.ts';

type ErrorBody = { type: string; errors: { code: string; attr: string | null; detail: string }[] };

describe('actions', () => {
  const api = useApi();
  const steps = accountSteps(api);

  it('opens an account: strict checks at dotted attrs, then OPEN-ACCOUNT and PENDING', async () => {
    const me = await api.signIn('ADVISOR');
    const id = await steps.newPortfolio(me);
    await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: { custodians: [{ custodian_name: 'Fidelity', account_number: '' }] },
    });
    const refused = await api.call(me, {
      method: 'POST',
      url: `/portfolios/${id}/open`,
      payload: { action_payload: {} },
    });
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as ErrorBody;
    expect(body.type).toBe('validation_error');
    const attrs = body.errors.map((error) => error.attr);
    expect(attrs).toEqual(
      expect.arrayContaining(['client_data', 'strategy', 'custodians.0.account_number']),
    );
    expect(body.errors.find((error) => error.attr === 'client_data')?.detail).toBe(
      'This field is required.',
    );
    expect(await steps.statusOf(me, id)).toBe('INCOMPLETE');

    const { id: openId, open } = await steps.submitted(me);
    expect(open).toMatchObject({ action_type: 'OPEN-ACCOUNT', state: 'SUBMITTED' });
    expect(await steps.statusOf(me, openId)).toBe('PENDING');
    const again = await api.call(me, {
      method: 'POST',
      url: `/portfolios/${openId}/open`,
      payload: { action_payload: {} },
    });
    expect(again.statusCode).toBe(409);
  });

  it('lets operations complete the opening, and the portfolio is IN-GOOD-ORDER', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('ADVISOR', { firmId });
    const ops = await api.signIn('OPERATIONS', { firmId });
    const { id, open } = await steps.submitted(me);
    const advisorPut = await steps.move(me, id, open.id, { state: 'PENDING' });
    expect(advisorPut.statusCode).toBe(403);
    expect((await steps.move(ops, id, open.id, { state: 'COMPLETED' })).statusCode).toBe(409);
    expect((await steps.move(ops, id, open.id, { state: 'PENDING' })).json()).toMatchObject({
      state: 'PENDING',
    });
    expect((await steps.move(ops, id, open.id, { state: 'COMPLETED' })).json()).toMatchObject({
      state: 'COMPLETED',
    });
    expect(await steps.statusOf(me, id)).toBe('IN-GOOD-ORDER');

    const log = await api.database.db
      .select()
      .from(schema.actionTransitions)
      .where(eq(schema.actionTransitions.actionId, open.id))
      .orderBy(asc(schema.actionTransitions.id));
    expect(log.map((row) => [row.fromState, row.toState])).toEqual([
      [null, 'SUBMITTED'],
      ['SUBMITTED', 'PENDING'],
      ['PENDING', 'COMPLETED'],
    ]);
    expect(log.map((row) => row.actorAdvisorId)).toEqual([
      me.advisorId,
      ops.advisorId,
      ops.advisorId,
    ]);
    expect(log[0]?.payloadHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('creates each request type, and answers a bad payload at its attr', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('ADVISOR', { firmId });
    const ops = await api.signIn('OPERATIONS', { firmId });
    const id = await steps.openAccount(me, ops);
    const inputs = makePortfolioInputs();
    const cases: [string, unknown, unknown, string, string][] = [
      ['request-deposit', { cash: 100 }, { cash: 'x' }, 'action_payload.cash', 'REQUEST-DEPOSIT'],
      ['request-withdrawal', { cash: 50.25 }, {}, 'action_payload.cash', 'REQUEST-WITHDRAWAL'],
      ['set-user-dnt', { set_user_dnt: true }, {}, 'action_payload.set_user_dnt', 'SET-USER-DNT'],
      [
        'update-custodian',
        inputs.custodians,
        [{ custodian_name: 'Fidelity', account_number: '' }],
        'action_payload.0.account_number',
        'UPDATE-CUSTODIAN',
      ],
      ['update-strategy', inputs.strategy, null, 'action_payload', 'UPDATE-STRATEGY'],
      ['update-client-detail', inputs.client_data, null, 'action_payload', 'UPDATE-CLIENT-DETAIL'],
    ];
    for (const [segment, good, bad, attr, type] of cases) {
      const refused = await steps.request(me, id, segment, bad);
      expect(refused.statusCode, segment).toBe(400);
      expect((refused.json() as ErrorBody).errors.map((error) => error.attr)).toContain(attr);
      const created = await steps.request(me, id, segment, good);
      expect(created.statusCode, `${segment} ${created.body}`).toBe(201);
      expect(created.json()).toMatchObject({ action_type: type, state: 'SUBMITTED-CANCELLABLE' });
    }
    // One open action of a kind at a time.
    expect((await steps.request(me, id, 'request-deposit', { cash: 5 })).statusCode).toBe(409);
    const closed = await steps.request(me, id, 'close', {});
    expect(closed.json()).toMatchObject({ action_type: 'CLOSE-ACCOUNT', state: 'SUBMITTED' });
    // No route creates EXECUTE-* or CLOSE-ACCOUNT by type.
    for (const segment of ['execute-deposit', 'execute-withdrawal', 'close-account', 'actions']) {
      const response = await steps.request(me, id, segment, { cash: 1 });
      expect(response.statusCode, segment).toBe(404);
    }
  });

  it('refuses requests before onboarding and after closing, and from operations', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('ADVISOR', { firmId });
    const ops = await api.signIn('OPERATIONS', { firmId });
    const incomplete = await steps.newPortfolio(me);
    expect((await steps.request(me, incomplete, 'request-deposit', { cash: 1 })).statusCode).toBe(
      409,
    );
    const id = await steps.openAccount(me, ops);
    expect((await steps.request(ops, id, 'request-deposit', { cash: 1 })).statusCode).toBe(403);
    const close = (await steps.request(me, id, 'close', {})).json() as ActionBody;
    expect((await steps.move(ops, id, close.id, { state: 'PENDING' })).statusCode).toBe(200);
    expect((await steps.move(ops, id, close.id, { state: 'COMPLETED' })).statusCode).toBe(200);
    expect(await steps.statusOf(me, id)).toBe('CLOSED');
    expect((await steps.request(me, id, 'request-deposit', { cash: 1 })).statusCode).toBe(409);
  });

  it('asks the advisor in the app, takes the response, and spawns EXECUTE-DEPOSIT on approval', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('ADVISOR', { firmId });
    const ops = await api.signIn('ADMINISTRATOR', { firmId });
    const id = await steps.openAccount(me, ops);
    const deposit = (
      await steps.request(me, id, 'request-deposit', { cash: 100 })
    ).json() as ActionBody;
    const noInstructions = await steps.move(ops, id, deposit.id, {
      state: 'NEEDS-ACTION-IN-CHANNEL',
    });
    expect(noInstructions.statusCode).toBe(400);
    const asked = await steps.move(ops, id, deposit.id, {
      state: 'NEEDS-ACTION-IN-CHANNEL',
      needs_action_payload: { instructions: 'Confirm the amount.' },
    });
    expect(asked.json()).toMatchObject({
      state: 'NEEDS-ACTION-IN-CHANNEL',
      needs_action_payload: { instructions: 'Confirm the amount.' },
    });
    expect(await steps.statusOf(me, id)).toBe('NEEDS-ACTION');
    const reworded = await steps.move(
      ops,
      id,
      deposit.id,
      { needs_action_payload: { instructions: 'Confirm the amount in dollars.' } },
      'PATCH',
    );
    expect(reworded.json()).toMatchObject({
      state: 'NEEDS-ACTION-IN-CHANNEL',
      needs_action_payload: { instructions: 'Confirm the amount in dollars.' },
    });

    const answered = await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${id}/actions/${deposit.id}/submit-response`,
      payload: { action_type: 'REQUEST-DEPOSIT', action_payload: { cash: 120 } },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ state: 'SUBMITTED', action_payload: { cash: 120 } });
    expect(await steps.statusOf(me, id)).toBe('IN-GOOD-ORDER');
    const twice = await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${id}/actions/${deposit.id}/submit-response`,
      payload: { action_type: 'REQUEST-DEPOSIT', action_payload: { cash: 120 } },
    });
    expect(twice.statusCode).toBe(409);

    await steps.move(ops, id, deposit.id, { state: 'PENDING' }, 'PATCH');
    await steps.move(ops, id, deposit.id, { state: 'COMPLETED' }, 'PATCH');
    const all = (
      await api.call(ops, { method: 'GET', url: `/portfolios/${id}/actions` })
    ).json() as ActionBody[];
    expect(all.find((action) => action.parent_action_id === deposit.id)).toMatchObject({
      action_type: 'EXECUTE-DEPOSIT',
      state: 'PENDING',
      action_payload: { cash: 120 },
    });
  });

  it('cancels (204), refuses (409), says gone (410), dismisses, and hides states from advisors', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('ADVISOR', { firmId });
    const manager = await api.signIn('MANAGER', { firmId });
    const ops = await api.signIn('OPERATIONS', { firmId });
    const id = await steps.openAccount(me, ops);
    const url = (actionId: string) => `/portfolios/${id}/actions/${actionId}`;

    const deposit = (
      await steps.request(me, id, 'request-deposit', { cash: 1 })
    ).json() as ActionBody;
    expect((await api.call(me, { method: 'DELETE', url: url(deposit.id) })).statusCode).toBe(204);
    const gone = await api.call(me, { method: 'DELETE', url: url(deposit.id) });
    expect(gone.statusCode).toBe(410);
    expect((gone.json() as ErrorBody).errors[0]?.code).toBe('resource_gone');

    const withdrawal = (
      await steps.request(me, id, 'request-withdrawal', { cash: 1 })
    ).json() as ActionBody;
    await steps.move(ops, id, withdrawal.id, { state: 'PENDING' });
    const conflict = await api.call(me, { method: 'DELETE', url: url(withdrawal.id) });
    expect(conflict.statusCode).toBe(409);
    expect((conflict.json() as ErrorBody).errors[0]?.code).toBe('request_conflict');

    const dnt = (
      await steps.request(me, id, 'set-user-dnt', { set_user_dnt: false })
    ).json() as ActionBody;
    await steps.move(ops, id, dnt.id, {
      state: 'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
      needs_action_payload: { instructions: 'Call the custodian.' },
    });
    expect(await steps.statusOf(me, id)).toBe('NEEDS-ACTION');
    // The advisor must see what waits for them in order to dismiss it.
    const listed = (
      await api.call(me, { method: 'GET', url: `/portfolios/${id}/actions` })
    ).json() as ActionBody[];
    expect(listed.find((action) => action.id === dnt.id)?.state).toBe(
      'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
    );
    expect((await api.call(me, { method: 'DELETE', url: url(dnt.id) })).statusCode).toBe(204);
    expect(await steps.statusOf(me, id)).toBe('IN-GOOD-ORDER');
    expect((await api.call(me, { method: 'DELETE', url: url(dnt.id) })).statusCode).toBe(410);

    for (const viewer of [me, manager]) {
      const states = (
        (
          await api.call(viewer, { method: 'GET', url: `/portfolios/${id}/actions` })
        ).json() as ActionBody[]
      ).map((action) => action.state);
      expect(states).toContain('CANCELLED');
      expect(states).toContain('PENDING');
      expect(states).not.toContain('COMPLETED');
      expect(states).not.toContain('DISMISSED');
      const asked = (
        await api.call(viewer, {
          method: 'GET',
          url: `/portfolios/${id}/actions?state=DISMISSED&state=CANCELLED`,
        })
      ).json() as ActionBody[];
      expect(asked.map((action) => action.state)).toEqual(['CANCELLED']);
    }
    const everything = (
      (
        await api.call(ops, { method: 'GET', url: `/portfolios/${id}/actions` })
      ).json() as ActionBody[]
    ).map((action) => action.state);
    expect(everything).toEqual(expect.arrayContaining(['COMPLETED', 'DISMISSED', 'CANCELLED']));
    const filtered = (
      await api.call(ops, { method: 'GET', url: `/portfolios/${id}/actions?state=COMPLETED` })
    ).json() as ActionBody[];
    expect(filtered.map((action) => action.action_type)).toEqual(['OPEN-ACCOUNT']);
  });

  it('hides another firm’s actions and portfolios one does not advise (404)', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('ADVISOR', { firmId });
    const colleague = await api.signIn('ADVISOR', { firmId });
    const stranger = await api.signIn('OPERATIONS');
    const { id, open } = await steps.submitted(me);
    for (const as of [stranger, colleague]) {
      const one = await api.call(as, {
        method: 'GET',
        url: `/portfolios/${id}/actions/${open.id}`,
      });
      expect(one.statusCode).toBe(404);
      expect(
        (await api.call(as, { method: 'GET', url: `/portfolios/${id}/actions` })).statusCode,
      ).toBe(404);
      expect(
        (await api.call(as, { method: 'DELETE', url: `/portfolios/${id}/actions/${open.id}` }))
          .statusCode,
      ).toBe(404);
    }
    expect((await steps.move(stranger, id, open.id, { state: 'PENDING' })).statusCode).toBe(404);
    const mine = await api.call(me, { method: 'GET', url: `/portfolios/${id}/actions/${open.id}` });
    expect(mine.json()).toMatchObject({ id: open.id, action_type: 'OPEN-ACCOUNT' });
  });
});
