import { makePortfolioInputs } from '@ballast/contract/testing';
import { expect } from 'vitest';
import type { Api, SignedIn } from './api-fixture.ts';

export type ActionBody = {
  id: string;
  state: string;
  action_type: string;
  parent_action_id: string | null;
  needs_action_payload: { instructions: string } | null;
};

/** The steps of an account's life through the api, shared by the workflow tests. */
export function accountSteps(api: Api) {
  /** A fresh firm with an advisor, who makes requests, and operations, who moves them. */
  async function team() {
    const firmId = await api.createFirm();
    return {
      firmId,
      advisor: await api.signIn('ADVISOR', { firmId }),
      ops: await api.signIn('OPERATIONS', { firmId }),
    };
  }

  async function newPortfolio(as: SignedIn): Promise<string> {
    const response = await api.call(as, { method: 'POST', url: '/portfolios', payload: {} });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { portfolio_id: string }).portfolio_id;
  }

  async function statusOf(as: SignedIn, id: string): Promise<string> {
    return (
      (await api.call(as, { method: 'GET', url: `/portfolios/${id}` })).json() as {
        status: string;
      }
    ).status;
  }

  /** A portfolio with a complete application, submitted: OPEN-ACCOUNT SUBMITTED. */
  async function submitted(as: SignedIn, inputs = makePortfolioInputs()) {
    const id = await newPortfolio(as);
    const saved = await api.call(as, {
      method: 'PUT',
      url: `/portfolios/${id}/inputs`,
      payload: inputs,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const opened = await api.call(as, {
      method: 'POST',
      url: `/portfolios/${id}/open`,
      payload: { action_payload: {} },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return { id, open: opened.json() as ActionBody };
  }

  function move(as: SignedIn, id: string, actionId: string, payload: object, method = 'PUT') {
    return api.call(as, {
      method: method as 'PUT' | 'PATCH',
      url: `/portfolios/${id}/actions/${actionId}`,
      payload,
    });
  }

  /** Operations takes an action up and completes it. */
  async function complete(ops: SignedIn, id: string, actionId: string): Promise<void> {
    const pending = await move(ops, id, actionId, { state: 'PENDING' });
    expect(pending.statusCode, pending.body).toBe(200);
    const done = await move(ops, id, actionId, { state: 'COMPLETED' });
    expect(done.statusCode, done.body).toBe(200);
  }

  /** An open account (OPEN-ACCOUNT COMPLETED by operations), for the per-type requests. */
  async function openAccount(
    advisor: SignedIn,
    ops: SignedIn,
    inputs = makePortfolioInputs(),
  ): Promise<string> {
    const { id, open } = await submitted(advisor, inputs);
    await complete(ops, id, open.id);
    return id;
  }

  function request(as: SignedIn, id: string, segment: string, payload: unknown) {
    return api.call(as, {
      method: 'POST',
      url: `/portfolios/${id}/${segment}`,
      payload: { action_payload: payload },
    });
  }

  return { team, newPortfolio, statusOf, submitted, move, complete, openAccount, request };
}
