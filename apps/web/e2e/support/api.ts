import { makeClientData, makeOwner, makePortfolioInputs } from '@ballast/contract/testing';
import type { RunningServer, TestUser } from './server.ts';

export type ApiSession = {
  jwt: string;
  /** GETs `/api{path}` and answers its JSON, failing on any error status. */
  get<T>(path: string): Promise<T>;
  /** Sends `/api{path}` as the signed-in user and answers the raw response. */
  send(method: string, path: string, body?: unknown): Promise<Response>;
};

/**
 * Signs a user in through the identity service's password call, as the sign-in client would,
 * so a test can ask the api what the screen should show, or act as another role.
 */
export async function signInToApi(
  server: RunningServer,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<ApiSession> {
  const response = await fetch(`${server.url}/sdk/v1/passwords/authenticate`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${server.publicToken}:${server.publicToken}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      session_duration_minutes: 60,
    }),
  });
  const body = (await response.json()) as { data?: { session_jwt?: string } };
  const jwt = body.data?.session_jwt;
  if (!response.ok || !jwt) {
    throw new Error(`could not sign ${user.email} in: ${JSON.stringify(body)}`);
  }
  const send = (method: string, path: string, payload?: unknown) =>
    fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${jwt}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
  return {
    jwt,
    send,
    async get<T>(path: string): Promise<T> {
      const answer = await send('GET', path);
      if (!answer.ok)
        throw new Error(`GET ${path} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as T;
    },
  };
}

/** The demo user of a role; the demo and minimal scenarios seed one of each. */
export function demoUser(server: RunningServer, role: TestUser['role']): TestUser {
  const user = server.demoUsers.get(role);
  if (!user) throw new Error(`the scenario has no ${role}`);
  return user;
}

async function answerOf(response: Response, call: string): Promise<unknown> {
  if (!response.ok)
    throw new Error(`${call} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * A test's own open account of one owner: created and opened by `advisor`, the opening completed
 * by `operations`, all through the api. Answers the portfolio's id.
 */
export async function openAccountThroughApi(
  advisor: ApiSession,
  operations: ApiSession,
  owner: { first_name: string; last_name: string },
): Promise<string> {
  const created = (await answerOf(await advisor.send('POST', '/portfolios', {}), 'create')) as {
    portfolio_id: string;
  };
  const id = created.portfolio_id;
  const inputs = makePortfolioInputs({
    client_data: makeClientData({ owners: [makeOwner(owner)] }),
  });
  await answerOf(await advisor.send('PUT', `/portfolios/${id}/inputs`, inputs), 'inputs');
  const open = (await answerOf(
    await advisor.send('POST', `/portfolios/${id}/open`, { action_payload: {} }),
    'open',
  )) as { id: string };
  for (const state of ['PENDING', 'COMPLETED']) {
    await answerOf(
      await operations.send('PUT', `/portfolios/${id}/actions/${open.id}`, { state }),
      state,
    );
  }
  return id;
}
