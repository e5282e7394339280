import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApi } from './support/api-fixture.ts';

function settingsOf(advisor: Record<string, unknown>) {
  const { advisor: _id, in_app_notification: _inApp, firm_id: _firm, ...rest } = advisor;
  return rest;
}

describe('advisors', () => {
  const api = useApi();

  it('refuses a call without a session with 401 and WWW-Authenticate: Bearer', async () => {
    const response = await api.call(undefined, { method: 'GET', url: '/advisors/self' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual({
      type: 'client_error',
      errors: [
        {
          code: 'not_authenticated',
          detail: 'Authentication credentials were not provided.',
          attr: null,
        },
      ],
    });
    const forged = await api.call(
      { jwt: 'e30.e30.e30', advisorId: '', firmId: '', email: '' },
      { method: 'GET', url: '/advisors/self' },
    );
    expect(forged.statusCode).toBe(401);
  });

  it('answers the signed-in advisor', async () => {
    const me = await api.signIn('ADVISOR');
    const response = await api.call(me, { method: 'GET', url: '/advisors/self' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      advisor: me.advisorId,
      email: me.email,
      role: 'ADVISOR',
      status: 'ACTIVE',
      firm_id: me.firmId,
    });
  });

  it('refuses an inactive advisor', async () => {
    const gone = await api.signIn('ADVISOR', { status: 'INACTIVE' });
    const response = await api.call(gone, { method: 'GET', url: '/advisors/self' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errors: [{ code: 'permission_denied' }] });
  });

  it('lists only the advisors of the caller’s firm, by status', async () => {
    const me = await api.signIn('MANAGER');
    const colleague = await api.signIn('ADVISOR', { firmId: me.firmId, status: 'INACTIVE' });
    const stranger = await api.signIn('ADVISOR');
    const all = (await api.call(me, { method: 'GET', url: '/advisors' })).json() as {
      advisor: string;
    }[];
    expect(all.map((row) => row.advisor).sort()).toEqual(
      [me.advisorId, colleague.advisorId].sort(),
    );
    expect(all.map((row) => row.advisor)).not.toContain(stranger.advisorId);
    const inactive = (
      await api.call(me, { method: 'GET', url: '/advisors?status=INACTIVE' })
    ).json() as { advisor: string }[];
    expect(inactive.map((row) => row.advisor)).toEqual([colleague.advisorId]);
    const bad = await api.call(me, { method: 'GET', url: '/advisors?status=RETIRED' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      type: 'validation_error',
      errors: [{ attr: 'status', code: 'invalid_choice' }],
    });
  });

  it('lets an advisor change their own names, phone, address and e-mail flag', async () => {
    const me = await api.signIn('ADVISOR');
    const current = (await api.call(me, { method: 'GET', url: '/advisors/self' })).json() as Record<
      string,
      unknown
    >;
    const payload = {
      ...settingsOf(current),
      first_name: 'Ada',
      phone: '5551234567',
      city: 'Boston',
      state: 'MA',
      email_notification: false,
    };
    const response = await api.call(me, {
      method: 'PUT',
      url: `/advisors/${me.advisorId}`,
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Ada',
      phone: '5551234567',
      city: 'Boston',
      state: 'MA',
      email_notification: false,
    });
  });

  it('shows the settings form’s messages for bad settings', async () => {
    const me = await api.signIn('ADVISOR');
    const current = (await api.call(me, { method: 'GET', url: '/advisors/self' })).json() as Record<
      string,
      unknown
    >;
    const response = await api.call(me, {
      method: 'PUT',
      url: `/advisors/${me.advisorId}`,
      payload: { ...settingsOf(current), first_name: '', phone: '555123456' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: 'validation_error',
      errors: expect.arrayContaining([
        expect.objectContaining({ attr: 'first_name', detail: 'First Name Is A Required Field' }),
        expect.objectContaining({ attr: 'phone', detail: 'Please Enter A Valid Phone Number' }),
      ]),
    });
  });

  it('refuses text with NUL characters at the field that carries it, and unreadable JSON', async () => {
    const me = await api.signIn('ADVISOR');
    const current = (await api.call(me, { method: 'GET', url: '/advisors/self' })).json() as Record<
      string,
      unknown
    >;
    const nul = await api.call(me, {
      method: 'PUT',
      url: `/advisors/${me.advisorId}`,
      payload: { ...settingsOf(current), city: 'Bos\u0000ton' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      type: 'validation_error',
      errors: [
        {
          code: 'null_characters_not_allowed',
          detail: 'Null characters are not allowed.',
          attr: 'city',
        },
      ],
    });
    const broken = await api.call(me, {
      method: 'PUT',
      url: `/advisors/${me.advisorId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      type: 'validation_error',
      errors: [{ attr: 'non_field_errors' }],
    });
  });

  it('keeps status, role and e-mail for administrators, and another advisor’s settings from advisors', async () => {
    const me = await api.signIn('ADVISOR');
    const colleague = await api.signIn('ADVISOR', { firmId: me.firmId });
    const current = (await api.call(me, { method: 'GET', url: '/advisors/self' })).json() as Record<
      string,
      unknown
    >;
    for (const change of [
      { role: 'ADMINISTRATOR' },
      { status: 'INACTIVE' },
      { email: 'new@ballast.test' },
    ]) {
      const response = await api.call(me, {
        method: 'PUT',
        url: `/advisors/${me.advisorId}`,
        payload: { ...settingsOf(current), ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
    }
    const other = await api.call(me, {
      method: 'PUT',
      url: `/advisors/${colleague.advisorId}`,
      payload: settingsOf(current),
    });
    expect(other.statusCode).toBe(403);
    const [stored] = await api.database.db
      .select()
      .from(schema.advisors)
      .where(eq(schema.advisors.id, me.advisorId));
    expect(stored?.role).toBe('ADVISOR');
  });

  it('lets an administrator change a colleague’s role and status, and hides other firms’ advisors', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const colleague = await api.signIn('ADVISOR', { firmId: admin.firmId });
    const stranger = await api.signIn('ADVISOR');
    const current = (
      await api.call(colleague, { method: 'GET', url: '/advisors/self' })
    ).json() as Record<string, unknown>;
    const promoted = await api.call(admin, {
      method: 'PUT',
      url: `/advisors/${colleague.advisorId}`,
      payload: { ...settingsOf(current), role: 'MANAGER', status: 'INACTIVE' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'MANAGER', status: 'INACTIVE' });
    const foreign = await api.call(admin, {
      method: 'PUT',
      url: `/advisors/${stranger.advisorId}`,
      payload: settingsOf(current),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('firm logo and custodians', () => {
  const api = useApi();

  it('serves the caller’s firm logo with its type and caching headers, and no other firm’s', async () => {
    const me = await api.signIn('ADVISOR');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>Logo</title></svg>';
    await api.database.db
      .update(schema.firms)
      .set({ logo: Buffer.from(svg), logoContentType: 'image/svg+xml' })
      .where(eq(schema.firms.id, me.firmId));
    const logo = await api.call(me, { method: 'GET', url: `/firms/${me.firmId}/logo` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    // Revalidated every time (a changed logo shows at once), a 304 while it stays the same.
    expect(logo.headers['cache-control']).toBe('private, no-cache');
    expect(logo.body).toBe(svg);
    const again = await api.call(me, {
      method: 'GET',
      url: `/firms/${me.firmId}/logo`,
      headers: { 'if-none-match': String(logo.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const other = await api.signIn('ADVISOR');
    expect(
      (await api.call(me, { method: 'GET', url: `/firms/${other.firmId}/logo` })).statusCode,
    ).toBe(404);
  });

  it('lists the two custodians with their product numbers, by status, one at a time by id', async () => {
    const me = await api.signIn('ADVISOR');
    const list = (await api.call(me, { method: 'GET', url: '/custodians?status=A' })).json() as {
      id: string;
      name: string;
      product: string;
    }[];
    expect(list.map((row) => row.name)).toEqual(['Fidelity', 'Schwab']);
    expect(list.every((row) => row.product.length > 0)).toBe(true);
    const one = await api.call(me, { method: 'GET', url: `/custodians/${list[0]?.id}` });
    expect(one.json()).toMatchObject({ name: 'Fidelity', status: 'A' });
    expect((await api.call(me, { method: 'GET', url: '/custodians?status=I' })).json()).toEqual([]);
    expect((await api.call(me, { method: 'GET', url: '/custodians/not-an-id' })).statusCode).toBe(
      404,
    );
  });

  it('answers a client that hammers the custodian list with 429 rate_limit_exceeded', async () => {
    const me = await api.signIn('ADVISOR');
    let last = 0;
    for (let attempt = 0; attempt < 61; attempt++) {
      last = (await api.call(me, { method: 'GET', url: '/custodians' })).statusCode;
    }
    expect(last).toBe(429);
    const limited = await api.call(me, { method: 'GET', url: '/custodians' });
    expect(limited.json()).toMatchObject({
      type: 'rate_limit_exceeded',
      errors: [{ code: 'rate_limit_exceeded' }],
    });
  });
});
