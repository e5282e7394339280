import type { IdentityTestServer } from './identity-server.ts';

/** Calls the protocol as the SDK does: Basic auth of public token and session token, JSON. */
export function sdkCall(
  server: Pick<IdentityTestServer, 'url' | 'publicToken'>,
  path: string,
  body: object,
  sessionToken?: string,
): Promise<Response> {
  const secret = sessionToken ?? server.publicToken;
  return fetch(`${server.url}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${server.publicToken}:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

export async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
