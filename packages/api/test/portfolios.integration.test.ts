import type { Owner } from '@ballast/contract';
import { makeClientData, makeOwner, makePortfolioInputs } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedIn, useApi } from './support/api-fixture.ts';

describe('portfolios and onboarding', () => {
  const api = useApi();

  async function create(as: SignedIn, payload: object = {}) {
    const response = await api.call(as, { method: 'POST', url: '/portfolios', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as {
      portfolio_id: string;
      originating_advisor_id: string;
      advisor_input_data: string[];
    };
  }

  it('starts an INCOMPLETE portfolio with its application, the caller as originating advisor', async () => {
    const me = await api.signIn('ADVISOR');
    const application = await create(me);
    expect(application).toMatchObject({
      originating_advisor_id: me.advisorId,
      advisor_input_data: [me.advisorId],
      client_input_data: null,
      custodian_input_data: [],
    });
    const detail = await api.call(me, {
      method: 'GET',
      url: `/portfolios/${application.portfolio_id}`,
    });
    expect(detail.json()).toMatchObject({
      id: application.portfolio_id,
      status: 'INCOMPLETE',
      client_name: '',
    });
  });

  it('names unknown advisors by their place in the request', async () => {
    const me = await api.signIn('MANAGER');
    const stranger = await api.signIn('ADVISOR');
    const response = await api.call(me, {
      method: 'POST',
      url: '/portfolios',
      payload: { advisor_input_data: [me.advisorId, stranger.advisorId] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: 'validation_error',
      errors: [expect.objectContaining({ code: 'does_not_exist', attr: 'advisor_input_data.1' })],
    });
  });

  it('shows an advisor only the portfolios they advise, a manager the whole firm, nobody another firm’s', async () => {
    const manager = await api.signIn('MANAGER');
    const mine = await api.signIn('ADVISOR', { firmId: manager.firmId });
    const colleague = await api.signIn('ADVISOR', { firmId: manager.firmId });
    const own = await create(mine);
    const theirs = await create(colleague);
    const outsider = await api.signIn('MANAGER');

    const listOf = async (as: SignedIn) =>
      (await api.call(as, { method: 'GET', url: '/portfolios' })).json() as {
        portfolios: { id: string }[];
        number_of_portfolios: number;
        aum: number;
        avg_aum: number;
      };
    expect((await listOf(mine)).portfolios.map((row) => row.id)).toEqual([own.portfolio_id]);
    const firmWide = await listOf(manager);
    expect(firmWide.portfolios.map((row) => row.id).sort()).toEqual(
      [own.portfolio_id, theirs.portfolio_id].sort(),
    );
    expect(firmWide).toMatchObject({ number_of_portfolios: 2, aum: 0, avg_aum: 0 });
    expect((await listOf(outsider)).portfolios).toEqual([]);

    expect(
      (await api.call(mine, { method: 'GET', url: `/portfolios/${theirs.portfolio_id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.call(outsider, { method: 'GET', url: `/portfolios/${own.portfolio_id}` }))
        .statusCode,
    ).toBe(404);
    const filtered = await api.call(manager, { method: 'GET', url: '/portfolios?status=CLOSED' });
    expect(filtered.json()).toMatchObject({ portfolios: [], number_of_portfolios: 0 });
  });

  it('changes the advisors on the account through the inputs, keeping the originating one', async () => {
    const me = await api.signIn('ADVISOR');
    const colleague = await api.signIn('ADVISOR', { firmId: me.firmId });
    const outsider = await api.signIn('ADVISOR');
    const { portfolio_id: id } = await create(me);
    const patch = await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: { advisor_input_data: [colleague.advisorId] },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(new Set(patch.json().advisor_input_data)).toEqual(
      new Set([me.advisorId, colleague.advisorId]),
    );
    expect(
      (await api.call(colleague, { method: 'GET', url: `/portfolios/${id}/inputs` })).statusCode,
    ).toBe(200);

    const refused = await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: { advisor_input_data: [colleague.advisorId, outsider.advisorId] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        code: 'does_not_exist',
        detail: `Advisor ${outsider.advisorId} does not exist.`,
        attr: 'advisor_input_data.1',
      },
    ]);

    const narrowed = await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: { advisor_input_data: [] },
    });
    expect(narrowed.json().advisor_input_data).toEqual([me.advisorId]);
    expect(
      (await api.call(colleague, { method: 'GET', url: `/portfolios/${id}/inputs` })).statusCode,
    ).toBe(404);
  });

  it('saves inputs as the advisor goes, with lax account numbers, and keeps tax ids encrypted', async () => {
    const me = await api.signIn('ADVISOR');
    const { portfolio_id: id } = await create(me);
    const patch = await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: {
        client_data: makeClientData({
          owners: [makeOwner({ first_name: 'Grace', last_name: 'Hopper', taxid: '987-65-4321' })],
        }),
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const custodians = await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: { custodians: [{ custodian_name: 'Fidelity', account_number: '' }] },
    });
    expect(custodians.statusCode, custodians.body).toBe(200);
    const saved = (
      await api.call(me, { method: 'GET', url: `/portfolios/${id}/inputs` })
    ).json() as {
      client_data: { owners: { taxid: string }[] };
      custodians: { account_number: string }[];
    };
    expect(saved.client_data.owners[0]?.taxid).toBe('987-65-4321');
    expect(saved.custodians).toEqual([{ custodian_name: 'Fidelity', account_number: '' }]);

    const [row] = await api.database.db
      .select()
      .from(schema.onboardingApplications)
      .where(eq(schema.onboardingApplications.portfolioId, id));
    expect(row?.clientInputCiphertext).not.toContain('987-65-4321');
    expect(row?.clientInputCiphertext).not.toContain('1970-05-17');

    const list = (await api.call(me, { method: 'GET', url: '/portfolios' })).json() as {
      portfolios: { id: string; client_name: string }[];
    };
    expect(list.portfolios.find((entry) => entry.id === id)?.client_name).toBe('Grace Hopper');
  });

  it('saves a partial owner as a draft, sealed, and refuses to open it with the owner form’s messages', async () => {
    const me = await api.signIn('ADVISOR');
    const { portfolio_id: id } = await create(me);
    const { client_data: _whole, ...rest } = makePortfolioInputs({
      custodians: [{ custodian_name: 'Fidelity', account_number: 'ABC-123456' }],
    });
    expect(
      (await api.call(me, { method: 'PATCH', url: `/portfolios/${id}/inputs`, payload: rest }))
        .statusCode,
    ).toBe(200);
    const partialOwner = { first_name: 'Grace', taxid: '555-12-3456' };
    const patch = await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${id}/inputs`,
      payload: { client_data: { account_type: 'I', owners: [partialOwner] } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const saved = (
      await api.call(me, { method: 'GET', url: `/portfolios/${id}/inputs` })
    ).json() as { client_data: unknown };
    expect(saved.client_data).toEqual({ account_type: 'I', owners: [partialOwner] });

    const [row] = await api.database.db
      .select()
      .from(schema.onboardingApplications)
      .where(eq(schema.onboardingApplications.portfolioId, id));
    expect(row?.clientInputCiphertext).toBeTruthy();
    expect(row?.clientInputCiphertext).not.toContain('555-12-3456');
    expect(row?.clientInputCiphertext).not.toContain('Grace');

    const opened = await api.call(me, {
      method: 'POST',
      url: `/portfolios/${id}/open`,
      payload: { action_payload: {} },
    });
    expect(opened.statusCode, opened.body).toBe(400);
    const errors = (opened.json() as { errors: { attr: string; detail: string }[] }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          attr: 'client_data.owners.0.last_name',
          detail: 'This field is required.',
        }),
        expect.objectContaining({
          attr: 'client_data.owners.0.DOB',
          detail: 'Please enter a valid date.',
        }),
        expect.objectContaining({
          attr: 'client_data.owners.0.email',
          detail: 'Please enter a valid email address.',
        }),
      ]),
    );
    expect(errors.every((error) => error.attr.startsWith('client_data.owners.0.'))).toBe(true);
    expect((await api.call(me, { method: 'GET', url: `/portfolios/${id}` })).json()).toMatchObject({
      status: 'INCOMPLETE',
    });
  });

  it('answers a bad draft with the product’s messages at dotted attrs, and opening the rest', async () => {
    const me = await api.signIn('ADVISOR');
    const { portfolio_id: id } = await create(me);
    const badDraft = await api.call(me, {
      method: 'PUT',
      url: `/portfolios/${id}/inputs`,
      payload: makePortfolioInputs({
        client_data: makeClientData({
          owners: [{ ...makeOwner({ taxid: '' }), role: 'NOBODY' } as object as Owner],
        }),
        custodians: [{ custodian_name: 'Fidelity', account_number: 'ABCD-1234' }],
      }),
    });
    expect(badDraft.statusCode).toBe(400);
    expect((badDraft.json() as { errors: { attr: string; detail: string }[] }).errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          attr: 'client_data.owners.0.role',
          detail: 'Please select a role.',
        }),
        expect.objectContaining({
          attr: 'custodians.0.account_number',
          detail:
            'A Fidelity Custodial Account number must be in the form of AAA-AAAAAA using letters and/or numbers.',
        }),
      ]),
    );

    // An empty tax id and a date of birth out of range are a draft's to hold (decision 021);
    // opening is what refuses them.
    const draft = await api.call(me, {
      method: 'PUT',
      url: `/portfolios/${id}/inputs`,
      payload: makePortfolioInputs({
        client_data: makeClientData({ owners: [makeOwner({ taxid: '', DOB: '1899-12-31' })] }),
        custodians: [{ custodian_name: 'Fidelity', account_number: '' }],
      }),
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const opened = await api.call(me, {
      method: 'POST',
      url: `/portfolios/${id}/open`,
      payload: { action_payload: {} },
    });
    expect(opened.statusCode).toBe(400);
    expect((opened.json() as { errors: { attr: string; detail: string }[] }).errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          attr: 'client_data.owners.0.taxid',
          detail: 'This field is required.',
        }),
        expect.objectContaining({
          attr: 'client_data.owners.0.DOB',
          detail: 'Please enter a valid date.',
        }),
        expect.objectContaining({
          attr: 'custodians.0.account_number',
          detail: 'Account number cannot be empty.',
        }),
      ]),
    );
  });

  it('deletes an incomplete portfolio, and refuses one past onboarding with 409', async () => {
    const me = await api.signIn('ADVISOR');
    const { portfolio_id: id } = await create(me);
    expect((await api.call(me, { method: 'DELETE', url: `/portfolios/${id}` })).statusCode).toBe(
      204,
    );
    expect((await api.call(me, { method: 'GET', url: `/portfolios/${id}` })).statusCode).toBe(404);

    const { portfolio_id: opened } = await create(me);
    await api.database.db
      .update(schema.portfolios)
      .set({ status: 'PENDING' })
      .where(eq(schema.portfolios.id, opened));
    const refused = await api.call(me, { method: 'DELETE', url: `/portfolios/${opened}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      type: 'client_error',
      errors: [{ code: 'request_conflict' }],
    });
    const edit = await api.call(me, {
      method: 'PATCH',
      url: `/portfolios/${opened}/inputs`,
      payload: { custodians: [] },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('keeps operations staff from opening accounts', async () => {
    const clerk = await api.signIn('OPERATIONS');
    expect(
      (await api.call(clerk, { method: 'POST', url: '/portfolios', payload: {} })).statusCode,
    ).toBe(403);
  });
});
