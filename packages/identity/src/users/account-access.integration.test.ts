import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestServer, startIdentityServer } from '../../e2e/support/identity-server.ts';
import type { Project } from '../protocol/projects.ts';
import { ensurePasswordUser } from './ensure-password-user.ts';

const PASSWORD = 'invitations travel by morning post 4471';
const DAY = 24 * 60;

describe('account access: invitations and who may sign in (decision 022)', () => {
  let server: IdentityTestServer;
  let project: Project;

  beforeAll(async () => {
    server = await startIdentityServer();
    project = await server.services.projects.byPublicToken(server.publicToken);
  });

  afterAll(() => server?.stop());

  async function sdkCall(path: string, body: object, sessionToken?: string) {
    const response = await fetch(`${server.url}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${server.publicToken}:${sessionToken ?? server.publicToken}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        data?: { session_token: string; user: { emails: { verified: boolean }[] } };
        error_type?: string;
        error_message?: string;
      },
    };
  }

  function invite(email: string, active = true) {
    return server.services.accounts.invite({
      project,
      email,
      firstName: 'Ines',
      lastName: 'Okafor',
      trustedMetadata: { firm_id: 'firm-1', role: 'ADVISOR' },
      active,
      minutes: 7 * DAY,
      from: 'Harbor Wealth',
    });
  }

  function tokenOf(link: string): string {
    return new URL(link).searchParams.get('token') ?? '';
  }

  it('mails a single-use link from the firm that proves the address and starts a session', async () => {
    const email = `invited.${crypto.randomUUID()}@ballast.test`;
    const { link, delivered } = await invite(email);
    expect(delivered).toBe(true);
    const message = await server.waitForMessage(email);
    expect(message.subject).toBe('Harbor Wealth invites you to Ballast');
    expect(message.text).toContain(link);
    expect(message.text).toContain('expires in 7 days');

    const first = await sdkCall('/magic_links/authenticate', {
      token: tokenOf(link),
      session_duration_minutes: 60,
    });
    expect(first.status).toBe(200);
    expect(first.body.data?.user.emails[0]?.verified).toBe(true);
    const again = await sdkCall('/magic_links/authenticate', {
      token: tokenOf(link),
      session_duration_minutes: 60,
    });
    expect(again.body.error_type).toBe('unable_to_auth_magic_link');
  });

  it('uses up an earlier invitation when a fresh one is sent', async () => {
    const email = `twice.${crypto.randomUUID()}@ballast.test`;
    const earlier = await invite(email);
    const later = await invite(email);
    const stale = await sdkCall('/magic_links/authenticate', {
      token: tokenOf(earlier.link),
      session_duration_minutes: 60,
    });
    expect(stale.body.error_type).toBe('unable_to_auth_magic_link');
    const fresh = await sdkCall('/magic_links/authenticate', {
      token: tokenOf(later.link),
      session_duration_minutes: 60,
    });
    expect(fresh.status).toBe(200);
  });

  it('ends an inactive user’s sessions at once and refuses their sign-in until made active again', async () => {
    const email = `leaving.${crypto.randomUUID()}@ballast.test`;
    await ensurePasswordUser(server.database.db, project, {
      email,
      password: PASSWORD,
      firstName: 'Lee',
      lastName: 'Moss',
    });
    const signIn = () =>
      sdkCall('/passwords/authenticate', {
        email,
        password: PASSWORD,
        session_duration_minutes: 60,
      });
    const session = (await signIn()).body.data?.session_token ?? '';
    const state = { trustedMetadata: { firm_id: 'firm-1', role: 'ADVISOR' } };

    await server.services.accounts.update(project, email, { ...state, active: false });
    const renewed = await sdkCall('/sessions/authenticate', {}, session);
    expect(renewed.body.error_type).toBe('session_not_found');
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.body.error_type).toBe('user_inactive');
    expect(refused.body.error_message).toBe(
      "This account is inactive. Ask your firm's administrator to restore it.",
    );

    await server.services.accounts.update(project, email, { ...state, active: true });
    expect((await signIn()).status).toBe(200);
  });

  it('moves a user to a new address that must be proved, ending their sessions', async () => {
    const from = `old.${crypto.randomUUID()}@ballast.test`;
    const to = `new.${crypto.randomUUID()}@ballast.test`;
    await ensurePasswordUser(server.database.db, project, {
      email: from,
      password: PASSWORD,
      firstName: 'Ada',
      lastName: 'Quist',
    });
    const session =
      (
        await sdkCall('/passwords/authenticate', {
          email: from,
          password: PASSWORD,
          session_duration_minutes: 60,
        })
      ).body.data?.session_token ?? '';

    await server.services.accounts.changeEmail(project, from, to);
    expect((await sdkCall('/sessions/authenticate', {}, session)).body.error_type).toBe(
      'session_not_found',
    );
    const { link } = await invite(to);
    const landed = await sdkCall('/magic_links/authenticate', {
      token: tokenOf(link),
      session_duration_minutes: 60,
    });
    expect(landed.body.data?.user.emails).toEqual([
      expect.objectContaining({ email: to, verified: true }),
    ]);
    const withOldAddress = await sdkCall('/passwords/authenticate', {
      email: from,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    expect(withOldAddress.status).toBe(401);
  });
});
