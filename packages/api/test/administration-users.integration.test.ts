/**
 * The firm's users as its administrator runs them (decision 022): who may call, inviting, changing
 * role, status and e-mail with the last-administrator guard, and resending an invitation. Changes
 * reach the user's own calls within the api's two-second caller cache, so those tests poll the
 * user's next call rather than sleep.
 */
import { EMAIL_IN_USE, LAST_ADMINISTRATOR } from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedIn, useApi } from './support/api-fixture.ts';

type FirmUser = {
  advisor: string;
  email: string;
  role: string;
  status: string;
  signed_in: boolean;
  portfolio_count: number;
};

const POLL = { timeout: 15_000, interval: 100 };

describe('firm users', () => {
  const api = useApi();

  const usersUrl = (firmId: string) => `/firms/${firmId}/users`;

  function change(as: SignedIn, advisorId: string, payload: object) {
    return api.call(as, {
      method: 'PATCH',
      url: `${usersUrl(as.firmId)}/${advisorId}`,
      payload,
    });
  }

  async function usersOf(as: SignedIn): Promise<FirmUser[]> {
    const response = await api.call(as, { method: 'GET', url: usersUrl(as.firmId) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FirmUser[];
  }

  function invite(as: SignedIn, email: string, role = 'ADVISOR') {
    return api.call(as, {
      method: 'POST',
      url: usersUrl(as.firmId),
      payload: { email, first_name: 'Ines', last_name: 'Okafor', role },
    });
  }

  async function auditKinds(as: SignedIn): Promise<{ kind: string; subject: string }[]> {
    const response = await api.call(as, {
      method: 'GET',
      url: `/firms/${as.firmId}/audit-events`,
    });
    return (response.json() as { results: { kind: string; subject: string }[] }).results;
  }

  const tokenOf = (text: string) => /token=([\w-]+)/.exec(text)?.[1] ?? '';

  it('keeps every call from other roles (403) and from other firms (404)', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const manager = await api.signIn('MANAGER', { firmId: admin.firmId });
    const stranger = await api.signIn('ADMINISTRATOR');
    const calls = [
      { method: 'GET', url: '/users' },
      {
        method: 'POST',
        url: '/users',
        payload: { email: 'x@ballast.test', first_name: 'X', last_name: 'Y', role: 'ADVISOR' },
      },
      { method: 'PATCH', url: `/users/${manager.advisorId}`, payload: { role: 'CIO' } },
      { method: 'POST', url: `/users/${manager.advisorId}/invitation` },
      {
        method: 'POST',
        url: `/users/${manager.advisorId}/reassign-portfolios`,
        payload: { to_advisor: admin.advisorId },
      },
      { method: 'PUT', url: '', payload: { name: 'Mine', support_phone: '', support_email: '' } },
      { method: 'DELETE', url: '/logo' },
      { method: 'GET', url: '/audit-events' },
    ] as const;
    for (const call of calls) {
      const url = `/firms/${admin.firmId}${call.url}`;
      const asManager = await api.call(manager, { ...call, url });
      expect(asManager.statusCode, `${call.method} ${url}`).toBe(403);
      expect(asManager.json()).toMatchObject({
        type: 'client_error',
        errors: [{ code: 'permission_denied', attr: null }],
      });
      const asStranger = await api.call(stranger, { ...call, url });
      expect(asStranger.statusCode, `${call.method} ${url}`).toBe(404);
      expect(asStranger.json()).toMatchObject({ errors: [{ code: 'not_found' }] });
    }
    // The firm's own page is every user's to read, for the header and the support modal.
    expect(
      (await api.call(manager, { method: 'GET', url: `/firms/${admin.firmId}` })).statusCode,
    ).toBe(200);
    expect(
      (await api.call(stranger, { method: 'GET', url: `/firms/${admin.firmId}` })).statusCode,
    ).toBe(404);
    // Nothing was changed by the refused calls.
    expect((await usersOf(admin)).find((user) => user.advisor === manager.advisorId)?.role).toBe(
      'MANAGER',
    );
  });

  it('invites a user, who signs in with the mailed link and is then shown as signed in', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const email = `Invited.${crypto.randomUUID()}@Ballast.test`;
    const invited = await invite(admin, email, 'MANAGER');
    expect(invited.statusCode, invited.body).toBe(201);
    const user = invited.json() as FirmUser;
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      role: 'MANAGER',
      status: 'ACTIVE',
      signed_in: false,
      portfolio_count: 0,
    });
    expect((await usersOf(admin)).map((row) => row.advisor)).toContain(user.advisor);

    const [message] = await api.messagesTo(email.toLowerCase());
    expect(message?.text).toContain('token=');
    const landed = await api.sdk('/magic_links/authenticate', {
      token: tokenOf(message?.text ?? ''),
      session_duration_minutes: 60,
    });
    expect(landed.status, JSON.stringify(landed.body)).toBe(200);
    const newcomer = {
      jwt: landed.body.data?.session_jwt ?? '',
      advisorId: user.advisor,
      firmId: admin.firmId,
      email,
    };
    const self = await api.call(newcomer, { method: 'GET', url: '/advisors/self' });
    expect(self.json()).toMatchObject({ advisor: user.advisor, role: 'MANAGER' });
    expect((await usersOf(admin)).find((row) => row.advisor === user.advisor)?.signed_in).toBe(
      true,
    );
    expect(await auditKinds(admin)).toContainEqual(
      expect.objectContaining({ kind: 'USER_INVITED', subject: email.toLowerCase() }),
    );
  });

  it('refuses an address any Ballast user has, in any firm and any casing, without naming the firm', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const colleague = await api.signIn('ADVISOR', { firmId: admin.firmId });
    const elsewhere = await api.signIn('ADVISOR');
    for (const taken of [colleague.email, elsewhere.email.toUpperCase()]) {
      const response = await invite(admin, taken);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        type: 'validation_error',
        errors: [{ code: 'invalid', detail: EMAIL_IN_USE, attr: 'email' }],
      });
    }
    const changed = await change(admin, colleague.advisorId, { email: elsewhere.email });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ errors: [{ attr: 'email', detail: EMAIL_IN_USE }] });
    const bad = await invite(admin, 'not an address');
    expect(bad.json()).toMatchObject({ errors: [{ attr: 'email' }] });
  });

  it('gives a promoted user their new rights on their next calls', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const user = await api.signIn('ADVISOR', { firmId: admin.firmId });
    const listAsUser = async () =>
      (await api.call(user, { method: 'GET', url: usersUrl(admin.firmId) })).statusCode;
    expect(await listAsUser()).toBe(403);
    const promoted = await change(admin, user.advisorId, { role: 'ADMINISTRATOR' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ advisor: user.advisorId, role: 'ADMINISTRATOR' });
    await expect.poll(listAsUser, POLL).toBe(200);

    const demoted = await change(admin, user.advisorId, { role: 'OPERATIONS' });
    expect(demoted.statusCode).toBe(200);
    await expect.poll(listAsUser, POLL).toBe(403);
    const events = await api.call(admin, {
      method: 'GET',
      url: `/firms/${admin.firmId}/audit-events?limit=2`,
    });
    expect((events.json() as { results: unknown[] }).results).toEqual([
      expect.objectContaining({
        kind: 'USER_CHANGED',
        subject: user.email,
        before: { role: 'ADMINISTRATOR' },
        after: { role: 'OPERATIONS' },
        actor: expect.objectContaining({ advisor: admin.advisorId }),
      }),
      expect.objectContaining({
        kind: 'USER_CHANGED',
        before: { role: 'ADVISOR' },
        after: { role: 'ADMINISTRATOR' },
      }),
    ]);
  });

  it('stops a deactivated user at once: api calls refused, identity session ended, sign-in refused', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const user = await api.signIn('ADVISOR', { firmId: admin.firmId });
    const selfAsUser = async () =>
      (await api.call(user, { method: 'GET', url: '/advisors/self' })).statusCode;
    expect(await selfAsUser()).toBe(200);
    const deactivated = await change(admin, user.advisorId, { status: 'INACTIVE' });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ status: 'INACTIVE' });
    await expect.poll(selfAsUser, POLL).toBe(403);

    const renewed = await api.sdk('/sessions/authenticate', {}, user.sessionToken);
    expect(renewed.body.error_type).toBe('session_not_found');
    const signIn = await api.sdk('/passwords/authenticate', {
      email: user.email,
      password: 'fixture passphrase for the api tests 4471',
      session_duration_minutes: 60,
    });
    expect(signIn.body.error_type).toBe('user_inactive');

    const restored = await change(admin, user.advisorId, { status: 'ACTIVE' });
    expect(restored.statusCode).toBe(200);
    const again = await api.sdk('/passwords/authenticate', {
      email: user.email,
      password: 'fixture passphrase for the api tests 4471',
      session_duration_minutes: 60,
    });
    expect(again.status).toBe(200);
  });

  it('moves a user to a new address: old session ended, a link sent to the new one', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const user = await api.signIn('ADVISOR', { firmId: admin.firmId });
    const to = `moved.${crypto.randomUUID()}@ballast.test`;
    const moved = await change(admin, user.advisorId, { email: to.toUpperCase() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ email: to, signed_in: false });
    const renewed = await api.sdk('/sessions/authenticate', {}, user.sessionToken);
    expect(renewed.body.error_type).toBe('session_not_found');
    const [message] = await api.messagesTo(to);
    const landed = await api.sdk('/magic_links/authenticate', {
      token: tokenOf(message?.text ?? ''),
      session_duration_minutes: 60,
    });
    expect(landed.status).toBe(200);
    const self = await api.call(
      { ...user, jwt: landed.body.data?.session_jwt ?? '' },
      { method: 'GET', url: '/advisors/self' },
    );
    expect(self.json()).toMatchObject({ advisor: user.advisorId, email: to });
  });

  it('keeps the firm’s last active administrator, through either call', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    for (const payload of [{ role: 'MANAGER' }, { status: 'INACTIVE' }]) {
      const response = await change(admin, admin.advisorId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json()).toEqual({
        type: 'client_error',
        errors: [{ code: 'request_conflict', detail: LAST_ADMINISTRATOR, attr: null }],
      });
    }
    const self = (await api.call(admin, { method: 'GET', url: '/advisors/self' })).json() as Record<
      string,
      unknown
    >;
    const { advisor: _id, in_app_notification: _inApp, firm_id: _firm, ...settings } = self;
    const viaSettings = await api.call(admin, {
      method: 'PUT',
      url: `/advisors/${admin.advisorId}`,
      payload: { ...settings, role: 'ADVISOR' },
    });
    expect(viaSettings.statusCode).toBe(409);
    const [stored] = await api.database.db
      .select()
      .from(schema.advisors)
      .where(eq(schema.advisors.id, admin.advisorId));
    expect(stored).toMatchObject({ role: 'ADMINISTRATOR', status: 'ACTIVE' });

    // With a second administrator, the first may step down, through the settings call too; that
    // change is audited like any other.
    const second = await api.signIn('ADMINISTRATOR', { firmId: admin.firmId });
    const steppedDown = await api.call(admin, {
      method: 'PUT',
      url: `/advisors/${admin.advisorId}`,
      payload: { ...settings, role: 'CIO' },
    });
    expect(steppedDown.statusCode, steppedDown.body).toBe(200);
    expect(await auditKinds(second)).toContainEqual(
      expect.objectContaining({ kind: 'USER_CHANGED', subject: admin.email }),
    );
  });

  it('lets exactly one of two concurrent demotions of the last two administrators through', async () => {
    const first = await api.signIn('ADMINISTRATOR');
    const second = await api.signIn('ADMINISTRATOR', { firmId: first.firmId });
    // A call just before puts the caller in the api's caller cache, so both demotions below pass
    // authentication as an administrator and meet only at the guard, inside their transactions.
    expect((await usersOf(first)).length).toBe(2);
    const answers = await Promise.all([
      change(first, second.advisorId, { role: 'ADVISOR' }),
      change(first, first.advisorId, { status: 'INACTIVE' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
      errors: [{ detail: LAST_ADMINISTRATOR }],
    });
    const administrators = await api.database.db
      .select()
      .from(schema.advisors)
      .where(
        and(
          eq(schema.advisors.firmId, first.firmId),
          eq(schema.advisors.role, 'ADMINISTRATOR'),
          eq(schema.advisors.status, 'ACTIVE'),
        ),
      );
    expect(administrators).toHaveLength(1);
  });

  it('resends an invitation: a fresh link, the earlier one used up; not to an inactive user', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const email = `again.${crypto.randomUUID()}@ballast.test`;
    const user = (await invite(admin, email)).json() as FirmUser;
    const resend = () =>
      api.call(admin, {
        method: 'POST',
        url: `${usersUrl(admin.firmId)}/${user.advisor}/invitation`,
      });
    const [first] = await api.messagesTo(email);
    const earlier = tokenOf(first?.text ?? '');
    const resent = await resend();
    expect(resent.statusCode, resent.body).toBe(204);
    const tokens = (await api.messagesTo(email)).map((message) => tokenOf(message.text));
    expect(tokens).toHaveLength(2);
    const later = tokens.find((token) => token !== earlier) ?? '';
    const stale = await api.sdk('/magic_links/authenticate', {
      token: earlier,
      session_duration_minutes: 60,
    });
    expect(stale.body.error_type).toBe('unable_to_auth_magic_link');
    const fresh = await api.sdk('/magic_links/authenticate', {
      token: later,
      session_duration_minutes: 60,
    });
    expect(fresh.status).toBe(200);

    expect((await change(admin, user.advisor, { status: 'INACTIVE' })).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errors: [{ code: 'request_conflict' }] });
    expect(await api.messagesTo(email)).toHaveLength(2);
    const kinds = (await auditKinds(admin)).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'USER_INVITATION_RESENT')).toHaveLength(1);
  });

  it('lists the firm’s users by name with their portfolio counts, and nobody else', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const advisor = await api.signIn('ADVISOR', { firmId: admin.firmId });
    await api.signIn('ADVISOR');
    for (let index = 0; index < 2; index++) {
      const created = await api.call(advisor, { method: 'POST', url: '/portfolios', payload: {} });
      expect(created.statusCode).toBe(201);
    }
    const users = await usersOf(admin);
    // Last names are the roles the fixture signs in with: ADMINISTRATOR before ADVISOR.
    expect(users.map((user) => user.advisor)).toEqual([admin.advisorId, advisor.advisorId]);
    expect(users[1]).toMatchObject({ portfolio_count: 2, signed_in: true, status: 'ACTIVE' });
  });
});
