import { describe, expect, it } from 'vitest';
import { type ActionBody, accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';

type Queued = {
  action: ActionBody & { portfolio_id: string; action_payload: unknown };
  client_name: string;
  advisor_name: string;
  moves: string[];
  transitions: { from_state: string | null; to_state: string; at: string; actor_name: string }[];
};
type Page = { count: number; next: string | null; previous: string | null; results: Queued[] };
type ErrorBody = { type: string; errors: { code: string; attr: string | null; detail: string }[] };

const ASK_ADVISOR = [
  'NEEDS-ACTION-IN-CHANNEL',
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
  'NEEDS-ACTION-OUT-OF-CHANNEL',
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
];

describe('GET /actions, the operations queue (decision 019)', () => {
  const api = useApi();
  const steps = accountSteps(api);

  async function queue(as: SignedIn, search = ''): Promise<Page> {
    const response = await api.call(as, { method: 'GET', url: `/actions${search}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  }

  async function requested(as: SignedIn, id: string, segment: string, payload: unknown) {
    const response = await steps.request(as, id, segment, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ActionBody;
  }

  /** Two advisors of one firm with a request each, and another firm with one of its own. */
  async function twoFirms() {
    const { firmId, advisor, ops } = await steps.team();
    const colleague = await api.signIn('ADVISOR', { firmId });
    const mine = await steps.openAccount(advisor, ops);
    const theirs = await steps.openAccount(colleague, ops);
    const deposit = await requested(advisor, mine, 'request-deposit', { cash: 1250.5 });
    const withdrawal = await requested(colleague, theirs, 'request-withdrawal', { cash: 40 });
    const other = await steps.team();
    const elsewhere = await steps.openAccount(other.advisor, other.ops);
    const foreign = await requested(other.advisor, elsewhere, 'request-deposit', { cash: 9 });
    return { firmId, advisor, colleague, ops, mine, theirs, deposit, withdrawal, other, foreign };
  }

  it("lists the firm's open requests oldest first, with client, advisor, moves and log", async () => {
    const { ops, mine, deposit, withdrawal, foreign } = await twoFirms();
    const page = await queue(ops);
    expect(page.count).toBe(2);
    expect(page.results.map((item) => item.action.id)).toEqual([deposit.id, withdrawal.id]);
    expect(page.results.map((item) => item.action.id)).not.toContain(foreign.id);
    const [first] = page.results;
    expect(first).toMatchObject({
      action: {
        portfolio_id: mine,
        action_type: 'REQUEST-DEPOSIT',
        state: 'SUBMITTED-CANCELLABLE',
        action_payload: { cash: 1250.5 },
      },
      advisor_name: 'Test ADVISOR',
      moves: ['PENDING', ...ASK_ADVISOR],
    });
    expect(first?.client_name).not.toBe('');
    expect(first?.transitions).toEqual([
      {
        from_state: null,
        to_state: 'SUBMITTED-CANCELLABLE',
        at: expect.any(String),
        actor_name: 'Test ADVISOR',
      },
    ]);
  });

  it("never lists another firm's requests", async () => {
    const { other, foreign, deposit, withdrawal } = await twoFirms();
    const theirs = await queue(other.ops);
    expect(theirs.results.map((item) => item.action.id)).toEqual([foreign.id]);
    const all = await queue(other.ops, '?state=COMPLETED&state=SUBMITTED-CANCELLABLE');
    const ids = all.results.map((item) => item.action.id);
    expect(ids).not.toContain(deposit.id);
    expect(ids).not.toContain(withdrawal.id);
  });

  it('shows advisors their own portfolios, the rest of the firm everything, and moves only to operators', async () => {
    const { firmId, advisor, colleague, deposit, withdrawal } = await twoFirms();
    expect((await queue(advisor)).results.map((item) => item.action.id)).toEqual([deposit.id]);
    expect((await queue(colleague)).results.map((item) => item.action.id)).toEqual([withdrawal.id]);
    for (const role of ['MANAGER', 'CIO', 'ADMINISTRATOR'] as const) {
      const page = await queue(await api.signIn(role, { firmId }));
      expect(
        page.results.map((item) => item.action.id),
        role,
      ).toEqual([deposit.id, withdrawal.id]);
      expect(
        page.results.every((item) => item.moves.length > 0),
        role,
      ).toBe(role === 'ADMINISTRATOR');
    }
    // Advisors are not shown states kept from them on a portfolio's own list either.
    expect((await queue(advisor, '?state=COMPLETED')).results).toEqual([]);
  });

  it('filters by state, pages, and shows each move in the log', async () => {
    const { ops, mine, deposit, withdrawal } = await twoFirms();
    expect((await steps.move(ops, mine, deposit.id, { state: 'PENDING' })).statusCode).toBe(200);
    const pending = await queue(ops, '?state=PENDING');
    expect(pending.results.map((item) => item.action.id)).toEqual([deposit.id]);
    expect(pending.results[0]?.moves).toEqual(['COMPLETED', 'FAILED', ...ASK_ADVISOR]);
    expect(
      pending.results[0]?.transitions.map((row) => [row.from_state, row.to_state, row.actor_name]),
    ).toEqual([
      [null, 'SUBMITTED-CANCELLABLE', 'Test ADVISOR'],
      ['SUBMITTED-CANCELLABLE', 'PENDING', 'Test OPERATIONS'],
    ]);
    const completed = await queue(ops, '?state=COMPLETED');
    expect(completed.results.map((item) => item.action.action_type)).toEqual([
      'OPEN-ACCOUNT',
      'OPEN-ACCOUNT',
    ]);

    const first = await queue(ops, '?limit=1');
    expect(first.count).toBe(2);
    expect(first.results.map((item) => item.action.id)).toEqual([deposit.id]);
    expect(first.previous).toBeNull();
    const next = new URL(first.next ?? '');
    expect(next.searchParams.get('offset')).toBe('1');
    const second = await queue(ops, next.search);
    expect(second.results.map((item) => item.action.id)).toEqual([withdrawal.id]);
    expect(second.next).toBeNull();
  });

  it('completes a deposit once when two operators move it together, and queues its execution', async () => {
    const { firmId, ops, mine, deposit } = await twoFirms();
    const second = await api.signIn('OPERATIONS', { firmId });
    expect((await steps.move(ops, mine, deposit.id, { state: 'PENDING' })).statusCode).toBe(200);
    const answers = await Promise.all(
      [ops, second].map((as) => steps.move(as, mine, deposit.id, { state: 'COMPLETED' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const executions = (await queue(ops)).results.filter(
      (item) => item.action.parent_action_id === deposit.id,
    );
    expect(executions).toHaveLength(1);
    expect(executions[0]?.action).toMatchObject({
      action_type: 'EXECUTE-DEPOSIT',
      state: 'PENDING',
      action_payload: { cash: 1250.5 },
    });
    expect(executions[0]?.moves).toEqual(['COMPLETED', 'FAILED', ...ASK_ADVISOR]);
  });

  it('fails a request only with its reason, which the advisor then reads', async () => {
    const { ops, colleague, theirs, withdrawal } = await twoFirms();
    expect((await steps.move(ops, theirs, withdrawal.id, { state: 'PENDING' })).statusCode).toBe(
      200,
    );
    const bare = await steps.move(ops, theirs, withdrawal.id, { state: 'FAILED' });
    expect(bare.statusCode).toBe(400);
    expect((bare.json() as ErrorBody).errors[0]).toMatchObject({
      attr: 'needs_action_payload',
      detail: 'A reason is required to fail a request.',
    });
    const reason = { instructions: 'The custodian account is frozen.' };
    const failed = await steps.move(ops, theirs, withdrawal.id, {
      state: 'FAILED',
      needs_action_payload: reason,
    });
    expect(failed.json()).toMatchObject({ state: 'FAILED', needs_action_payload: reason });
    const seen = await api.call(colleague, {
      method: 'GET',
      url: `/portfolios/${theirs}/actions/${withdrawal.id}`,
    });
    expect(seen.json()).toMatchObject({ state: 'FAILED', needs_action_payload: reason });
    expect((await queue(ops)).results.map((item) => item.action.id)).not.toContain(withdrawal.id);
  });

  it('answers a bad query in the validation error envelope, and no session with 401', async () => {
    const { ops } = await steps.team();
    for (const [search, attr] of [
      ['?state=DONE', 'state.0'],
      ['?limit=0', 'limit'],
      ['?offset=-1', 'offset'],
    ] as const) {
      const response = await api.call(ops, { method: 'GET', url: `/actions${search}` });
      expect(response.statusCode, search).toBe(400);
      const body = response.json() as ErrorBody;
      expect(body.type).toBe('validation_error');
      expect(
        body.errors.map((error) => error.attr),
        search,
      ).toEqual([attr]);
    }
    expect((await api.call(undefined, { method: 'GET', url: '/actions' })).statusCode).toBe(401);
  });
});
