import { StrategySchema } from '@ballast/contract';
import {
  makeBondStrategyInput,
  makeClientData,
  makeOwner,
  makePortfolioInputs,
  makeTokenStrategyInput,
} from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ActionBody, accountSteps } from './support/account-steps.ts';
import { useApi } from './support/api-fixture.ts';

type Detail = {
  client_name: string;
  status: string;
  inception_date: string | null;
  user_dnt: string | null;
  current_client_data: { owners: { first_name: string; taxid: string }[] } | null;
  current_custodians: { custodian_name: string; custodian_account: string }[];
  current_strategy: { style: string; created_at: string } | null;
};

describe('the current account, as completed actions change it', () => {
  const api = useApi();
  const steps = accountSteps(api);

  const team = () => steps.team();

  async function detailOf(as: Awaited<ReturnType<typeof team>>['advisor'], id: string) {
    const response = await api.call(as, { method: 'GET', url: `/portfolios/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Detail;
  }

  it('shows the application while pending, and the opened account once operations completes it', async () => {
    const { advisor, ops } = await team();
    const inputs = makePortfolioInputs({
      client_data: makeClientData({
        owners: [makeOwner({ first_name: 'Grace', last_name: 'Hopper' })],
      }),
      custodians: [{ custodian_name: 'Schwab', account_number: 'AB12-CD34' }],
    });
    const { id, open } = await steps.submitted(advisor, inputs);

    const pending = await detailOf(advisor, id);
    expect(pending.status).toBe('PENDING');
    expect(pending.inception_date).toBeNull();
    expect(pending.current_client_data?.owners[0]?.first_name).toBe('Grace');
    expect(pending.current_custodians).toEqual([
      { custodian_name: 'Schwab', custodian_account: 'AB12-CD34' },
    ]);

    await steps.complete(ops, id, open.id);
    const opened = await detailOf(advisor, id);
    expect(opened).toMatchObject({
      status: 'IN-GOOD-ORDER',
      client_name: 'Grace Hopper',
      inception_date: new Date().toISOString().slice(0, 10),
      current_custodians: [{ custodian_name: 'Schwab', custodian_account: 'AB12-CD34' }],
      current_strategy: { style: 'B' },
    });
    const client = await api.call(advisor, { method: 'GET', url: `/portfolios/${id}/client` });
    expect(client.statusCode).toBe(200);
    expect(client.json()).toMatchObject({ account_type: 'I', owners: [{ taxid: '123-45-6789' }] });
    const strategy = await api.call(advisor, { method: 'GET', url: `/portfolios/${id}/strategy` });
    expect(strategy.json()).toMatchObject({ style: 'B', tax_data: inputs.strategy.tax_data });

    // The opened client data is sealed like the application's: no tax id in the clear.
    const versions = await api.database.db
      .select()
      .from(schema.clientDataVersions)
      .where(eq(schema.clientDataVersions.portfolioId, id));
    expect(versions).toHaveLength(1);
    expect(versions[0]?.ciphertext).not.toContain('123-45-6789');
    expect(versions[0]?.ciphertext).not.toContain('Grace');
  });

  it('applies strategy, custodian, client detail and do-not-trade changes only when completed', async () => {
    const { advisor, ops } = await team();
    const id = await steps.openAccount(advisor, ops);

    const token = makeTokenStrategyInput();
    const strategyChange = (
      await steps.request(advisor, id, 'update-strategy', token)
    ).json() as ActionBody;
    expect((await detailOf(advisor, id)).current_strategy?.style).toBe('B');
    await steps.complete(ops, id, strategyChange.id);
    expect((await detailOf(advisor, id)).current_strategy?.style).toBe(token.style);

    const custodianChange = (
      await steps.request(advisor, id, 'update-custodian', [
        { custodian_name: 'Fidelity', account_number: 'ZZ9-ZZ9ZZ9' },
      ])
    ).json() as ActionBody;
    await steps.complete(ops, id, custodianChange.id);
    expect((await detailOf(advisor, id)).current_custodians).toEqual([
      { custodian_name: 'Fidelity', custodian_account: 'ZZ9-ZZ9ZZ9' },
    ]);
    const accounts = await api.database.db
      .select()
      .from(schema.custodianAccounts)
      .where(eq(schema.custodianAccounts.portfolioId, id));
    // The replaced account is closed, not forgotten.
    expect(accounts.filter((account) => account.closedAt !== null)).toHaveLength(1);

    const detailChange = (
      await steps.request(
        advisor,
        id,
        'update-client-detail',
        makeClientData({ owners: [makeOwner({ first_name: 'Katherine', last_name: 'Johnson' })] }),
      )
    ).json() as ActionBody;
    await steps.complete(ops, id, detailChange.id);
    const changed = await detailOf(advisor, id);
    expect(changed.client_name).toBe('Katherine Johnson');
    expect(changed.current_client_data?.owners[0]?.first_name).toBe('Katherine');

    const dnt = (
      await steps.request(advisor, id, 'set-user-dnt', { set_user_dnt: true, user_dnt: 'DNB' })
    ).json() as ActionBody;
    expect((await detailOf(advisor, id)).user_dnt).toBeNull();
    await steps.complete(ops, id, dnt.id);
    expect((await detailOf(advisor, id)).user_dnt).toBe('DNB');
    const off = (
      await steps.request(advisor, id, 'set-user-dnt', { set_user_dnt: false })
    ).json() as ActionBody;
    await steps.complete(ops, id, off.id);
    expect((await detailOf(advisor, id)).user_dnt).toBeNull();
  });

  it('leaves the account as it was when a change fails', async () => {
    const { advisor, ops } = await team();
    const id = await steps.openAccount(advisor, ops);
    const change = (
      await steps.request(advisor, id, 'update-strategy', makeTokenStrategyInput())
    ).json() as ActionBody;
    await steps.move(ops, id, change.id, { state: 'PENDING' });
    const failed = await steps.move(ops, id, change.id, {
      state: 'FAILED',
      needs_action_payload: { instructions: 'The custodian refused the trade.' },
    });
    expect(failed.statusCode).toBe(200);
    expect((await detailOf(advisor, id)).current_strategy?.style).toBe('B');
  });

  it('records the initial investment on opening, and a deposit once its execution completes', async () => {
    const { advisor, ops } = await team();
    const id = await steps.openAccount(advisor, ops);
    const deposit = (
      await steps.request(advisor, id, 'request-deposit', { cash: 25_000.5 })
    ).json() as ActionBody;
    await steps.complete(ops, id, deposit.id);
    const movements = () =>
      api.database.db
        .select()
        .from(schema.cashMovements)
        .where(eq(schema.cashMovements.portfolioId, id));
    // Opening the account brought its initial investment on the inception day (decision 024).
    const [opening] = await movements();
    const detail = await detailOf(advisor, id);
    const strategy = StrategySchema.parse(detail.current_strategy);
    expect(await movements()).toHaveLength(1);
    expect(opening).toMatchObject({
      kind: 'DEPOSIT',
      amount: strategy.tax_data.initial_investment_amount.toFixed(2),
      occurredOn: detail.inception_date,
      valuedOn: null,
    });
    const [child] = await api.database.db
      .select()
      .from(schema.actions)
      .where(eq(schema.actions.parentActionId, deposit.id));
    expect(child?.actionType).toBe('EXECUTE-DEPOSIT');
    const done = await steps.move(ops, id, child?.id ?? '', { state: 'COMPLETED' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await movements()).toEqual([
      opening,
      expect.objectContaining({ kind: 'DEPOSIT', amount: '25000.50', actionId: child?.id }),
    ]);
  });

  it('requires suitability before the account can be opened, and keeps it on the application', async () => {
    const { advisor } = await team();
    const id = await steps.newPortfolio(advisor);
    const { client_suitability_data: suitability, ...withoutSuitability } = makePortfolioInputs();
    await api.call(advisor, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: withoutSuitability,
    });
    const refused = await api.call(advisor, {
      method: 'POST',
      url: `/portfolios/${id}/open`,
      payload: { action_payload: {} },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: [{ attr: 'client_suitability_data', code: 'required' }],
    });
    const badChoice = await api.call(advisor, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: { client_suitability_data: { ...suitability, risk: 'EXTREME' } },
    });
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json()).toMatchObject({
      errors: [{ attr: 'client_suitability_data.risk', code: 'invalid_choice' }],
    });
    const saved = await api.call(advisor, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: { client_suitability_data: suitability },
    });
    expect(saved.json()).toMatchObject({ client_suitability_data: suitability });
    const opened = await api.call(advisor, {
      method: 'POST',
      url: `/portfolios/${id}/open`,
      payload: { action_payload: {} },
    });
    expect(opened.statusCode, opened.body).toBe(201);
  });

  it('answers 404 for the client and strategy of another firm or before anything is saved', async () => {
    const { advisor, ops } = await team();
    const id = await steps.openAccount(
      advisor,
      ops,
      makePortfolioInputs({
        strategy: makeBondStrategyInput(),
      }),
    );
    const stranger = await api.signIn('ADMINISTRATOR');
    for (const view of ['client', 'strategy']) {
      const response = await api.call(stranger, {
        method: 'GET',
        url: `/portfolios/${id}/${view}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errors: [{ code: 'not_found' }] });
      const anonymous = await api.call(undefined, {
        method: 'GET',
        url: `/portfolios/${id}/${view}`,
      });
      expect(anonymous.statusCode).toBe(401);
    }
    const empty = await steps.newPortfolio(advisor);
    const none = await api.call(advisor, { method: 'GET', url: `/portfolios/${empty}/strategy` });
    expect(none.statusCode).toBe(404);
  });
});
