import { schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IdentityError } from '../src/identity-error.ts';
import type { Project } from '../src/protocol/projects.ts';
import { findOrCreateUserByEmail } from '../src/users/user-store.ts';
import { SdkPage } from './support/sdk-page.ts';
import { identityServerAndBrowser } from './support/suite.ts';

type Grant = {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: {
    started_at: string;
    expires_at: string;
    authentication_factors: Record<string, unknown>[];
    custom_claims: Record<string, unknown>;
  };
};

const HOUR = 60 * 60_000;
const ADMIN = { impersonatorId: 'advisor-admin-7', impersonatorEmail: 'admin@firm.test' };

describe('impersonation', () => {
  const suite = identityServerAndBrowser();
  let project: Project;

  function post(path: string, body: object, session?: string) {
    const secret = session ?? suite.server.publicToken;
    return fetch(`${suite.server.url}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${suite.server.publicToken}:${secret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  }

  async function someUser(): Promise<string> {
    const email = `client.${crypto.randomUUID()}@ballast.test`;
    return (await findOrCreateUserByEmail(suite.server.database.db, project, email)).userId;
  }

  async function mintFor(userId: string) {
    return suite.server.services.impersonation.mint({ project, userId, ...ADMIN });
  }

  async function expire(userId: string) {
    await suite.server.database.db
      .update(schema.identityOneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(schema.identityOneTimeTokens.kind, 'impersonation'),
          eq(schema.identityOneTimeTokens.userId, userId),
        ),
      );
  }

  beforeAll(async () => {
    project = await suite.server.services.projects.byPublicToken(suite.server.publicToken);
  });

  // Every test starts with fresh rate windows, so the order of the tests does not matter.
  beforeEach(async () => {
    await suite.server.database.db.delete(schema.identityRateCounters);
  });

  it('starts a fixed 60-minute session through the SDK that records the impersonator, once', async () => {
    const userId = await someUser();
    const before = Date.now();
    const minted = await mintFor(userId);
    const after = Date.now();
    const expiresAt = Date.parse(minted.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(after + 5 * 60_000);

    const sdk = await SdkPage.open(suite.browser, suite.server);
    const signedIn = await sdk.call<Grant>(
      'return client.impersonation.authenticate({ impersonation_token: args.token });',
      { token: minted.token },
    );
    if (!signedIn.ok) throw new Error(JSON.stringify(signedIn.error));
    const { session, session_jwt: jwt } = signedIn.value;
    expect(signedIn.value.user_id).toBe(userId);
    expect(session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'impersonated',
        delivery_method: 'impersonation',
        impersonated_factor: {
          impersonator_id: ADMIN.impersonatorId,
          impersonator_email_address: ADMIN.impersonatorEmail,
        },
      }),
    ]);
    expect(session.custom_claims).toEqual({ impersonator_id: ADMIN.impersonatorId });
    expect(Date.parse(session.expires_at) - Date.parse(session.started_at)).toBe(HOUR);
    expect(await sdk.cookie('__session')).toBe(jwt);

    const claims = decodeJwt(jwt);
    expect(claims.sub).toBe(userId);
    expect(claims.impersonator_id).toBe(ADMIN.impersonatorId);
    expect(claims['https://stytch.com/session']).toMatchObject({
      authentication_factors: [
        expect.objectContaining({
          impersonated_factor: expect.objectContaining({ impersonator_id: ADMIN.impersonatorId }),
        }),
      ],
    });

    // The SDK asks for a longer session; the impersonated one keeps its end.
    const refreshed = await sdk.call<Grant>(
      'return client.session.authenticate({ session_duration_minutes: 600 });',
    );
    if (!refreshed.ok) throw new Error(JSON.stringify(refreshed.error));
    expect(refreshed.value.session.expires_at).toBe(session.expires_at);
    await sdk.close();

    const again = await SdkPage.open(suite.browser, suite.server);
    const reused = await again.call(
      'return client.impersonation.authenticate({ impersonation_token: args.token });',
      { token: minted.token },
    );
    expect(reused).toMatchObject({
      ok: false,
      error: { error_type: 'unable_to_auth_impersonation_token' },
    });
    await again.close();
  });

  it('redeems a link the SDK recognises (stytch_token_type=impersonation)', async () => {
    const userId = await someUser();
    const { token } = await mintFor(userId);
    const link = new URL('/harness', suite.server.url);
    link.searchParams.set('stytch_token_type', 'impersonation');
    link.searchParams.set('token', token);
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const handled = await sdk.call<{ handled: boolean; tokenType: string; data: Grant }>(
      'return client.authenticateByUrl({ session_duration_minutes: 600 }, args.href);',
      { href: link.toString() },
    );
    if (!handled.ok) throw new Error(JSON.stringify(handled.error));
    expect(handled.value).toMatchObject({ handled: true, tokenType: 'impersonation' });
    expect(handled.value.data.user_id).toBe(userId);
    const { session } = handled.value.data;
    expect(Date.parse(session.expires_at) - Date.parse(session.started_at)).toBe(HOUR);
    await sdk.close();
  });

  it('ignores a session_duration_minutes sent along, and /sessions/authenticate never extends', async () => {
    const { token } = await mintFor(await someUser());
    const response = await post('/impersonation/authenticate', {
      impersonation_token: token,
      session_duration_minutes: 60 * 24,
    });
    expect(response.status).toBe(200);
    const { data: grant } = (await response.json()) as { data: Grant };
    expect(Date.parse(grant.session.expires_at) - Date.parse(grant.session.started_at)).toBe(HOUR);

    const refreshed = await post(
      '/sessions/authenticate',
      { session_duration_minutes: 60 * 24 },
      grant.session_token,
    );
    expect(refreshed.status).toBe(200);
    const { data: later } = (await refreshed.json()) as { data: Grant };
    expect(later.session.expires_at).toBe(grant.session.expires_at);
    expect(decodeJwt(later.session_jwt).impersonator_id).toBe(ADMIN.impersonatorId);
  });

  it('redeems a token exactly once among 20 concurrent attempts', async () => {
    const { token } = await mintFor(await someUser());
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/impersonation/authenticate', { impersonation_token: token }).then(
          async (response) =>
            `${response.status} ${((await response.json()) as { error_type?: string }).error_type ?? ''}`,
        ),
      ),
    );
    expect(results.filter((result) => result.startsWith('200'))).toHaveLength(1);
    expect(
      results.filter((result) => result === '401 unable_to_auth_impersonation_token'),
    ).toHaveLength(19);
  });

  it('refuses an expired token and an unknown one alike', async () => {
    const userId = await someUser();
    const { token } = await mintFor(userId);
    await expire(userId);
    for (const impersonation_token of [token, 'not-a-token']) {
      const refused = await post('/impersonation/authenticate', { impersonation_token });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error_type: string }).error_type).toBe(
        'unable_to_auth_impersonation_token',
      );
    }
  });

  it('never joins the session the caller already has', async () => {
    const userId = await someUser();
    const first = await post('/impersonation/authenticate', {
      impersonation_token: (await mintFor(userId)).token,
    });
    const { data: own } = (await first.json()) as {
      data: Grant & { session: { session_id: string } };
    };
    const second = await post(
      '/impersonation/authenticate',
      { impersonation_token: (await mintFor(userId)).token },
      own.session_token,
    );
    const { data: next } = (await second.json()) as {
      data: Grant & { session: { session_id: string } };
    };
    expect(next.session.session_id).not.toBe(own.session.session_id);
  });

  it('mints only for a user of the project, and only for a named impersonator', async () => {
    const userId = await someUser();
    const other = await suite.server.services.projects.ensure({
      publicToken: `public-token-test-${crypto.randomUUID()}`,
      name: 'Other',
    });
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'minted',
        (error: unknown) => (error instanceof IdentityError ? error.errorType : 'crashed'),
      );
    expect(
      await failure(suite.server.services.impersonation.mint({ project: other, userId, ...ADMIN })),
    ).toBe('user_not_found');
    expect(
      await failure(
        suite.server.services.impersonation.mint({ project, userId: 'user-test-none', ...ADMIN }),
      ),
    ).toBe('user_not_found');
    expect(
      await failure(
        suite.server.services.impersonation.mint({ project, userId, impersonatorId: '  ' }),
      ),
    ).toBe('bad_request');
    expect(
      await failure(
        suite.server.services.impersonation.mint({
          project,
          userId,
          impersonatorId: 'a',
          impersonatorEmail: 'nope',
        }),
      ),
    ).toBe('invalid_email');
  });
});
