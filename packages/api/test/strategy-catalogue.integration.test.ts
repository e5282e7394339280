import type { AdvisorRole, StrategyCatalogueEntry } from '@ballast/contract';
import { makeBondStrategyInput, makeTokenStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { type SignedIn, useApi } from './support/api-fixture.ts';

function entryOf(name: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    product: 'MUNI-CORE',
    description: 'Intermediate municipal ladder for taxable clients in high brackets.',
    status: 'A',
    strategy: makeBondStrategyInput(),
    is_default: false,
    ...overrides,
  };
}

describe('the strategy catalogue (decision 022)', () => {
  const api = useApi();

  async function inNewFirm(role: AdvisorRole): Promise<SignedIn> {
    return api.signIn(role, { firmId: await api.createFirm() });
  }

  async function add(caller: SignedIn, body: object) {
    return api.call(caller, { method: 'POST', url: '/strategy-catalogue', payload: body });
  }

  it('lets the CIO and an administrator keep it, and every user of the firm read it', async () => {
    const cio = await inNewFirm('CIO');
    const firmId = cio.firmId;
    const administrator = await api.signIn('ADMINISTRATOR', { firmId });
    const advisor = await api.signIn('ADVISOR', { firmId });
    const operations = await api.signIn('OPERATIONS', { firmId });
    const added = await add(cio, entryOf('Core municipal', { is_default: true }));
    expect(added.statusCode, added.body).toBe(201);
    const entry = added.json() as StrategyCatalogueEntry;
    expect(entry).toMatchObject({
      name: 'Core municipal',
      strategy_style: 'B',
      status: 'A',
      is_default: true,
      strategy: makeBondStrategyInput(),
    });
    expect(
      (await add(administrator, entryOf('Token basket', { strategy: makeTokenStrategyInput() })))
        .statusCode,
    ).toBe(201);

    for (const caller of [advisor, operations]) {
      const refused = await add(caller, entryOf(`Refused ${caller.advisorId}`));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errors: [{ code: 'permission_denied' }] });
    }
    const read = await api.call(advisor, {
      method: 'GET',
      url: '/strategy-catalogue?strategy_style=B',
    });
    expect((read.json() as StrategyCatalogueEntry[]).map((item) => item.name)).toEqual([
      'Core municipal',
    ]);
  });

  it('keeps one default per style: naming a new one retires the old', async () => {
    const cio = await inNewFirm('CIO');
    const first = (
      await add(cio, entryOf('Ladder A', { is_default: true }))
    ).json() as StrategyCatalogueEntry;
    const second = (
      await add(cio, entryOf('Ladder B', { is_default: true }))
    ).json() as StrategyCatalogueEntry;
    const list = (
      await api.call(cio, { method: 'GET', url: '/strategy-catalogue' })
    ).json() as StrategyCatalogueEntry[];
    expect(list.map(({ id, is_default }) => ({ id, is_default }))).toEqual([
      { id: first.id, is_default: false },
      { id: second.id, is_default: true },
    ]);

    const back = await api.call(cio, {
      method: 'PUT',
      url: `/strategy-catalogue/${first.id}`,
      payload: entryOf('Ladder A', { is_default: true }),
    });
    expect(back.statusCode).toBe(200);
    const after = (
      await api.call(cio, { method: 'GET', url: '/strategy-catalogue' })
    ).json() as StrategyCatalogueEntry[];
    expect(after.filter((item) => item.is_default).map((item) => item.id)).toEqual([first.id]);
  });

  it('refuses a taken name, an inactive default and a bad strategy at their fields', async () => {
    const cio = await inNewFirm('CIO');
    await add(cio, entryOf('Core municipal'));
    const taken = await add(cio, entryOf('core MUNICIPAL'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      type: 'validation_error',
      errors: [
        {
          code: 'invalid',
          detail: 'The catalogue already has a strategy with this name.',
          attr: 'name',
        },
      ],
    });
    const inactiveDefault = await add(cio, entryOf('Retired', { status: 'I', is_default: true }));
    expect(inactiveDefault.json()).toMatchObject({
      errors: [
        { detail: 'Only an active strategy can be the default for its style.', attr: 'is_default' },
      ],
    });
    const noName = await add(cio, entryOf('  '));
    expect(noName.json()).toMatchObject({
      errors: [{ detail: 'Give the strategy a name.', attr: 'name' }],
    });
    const badStrategy = await add(
      cio,
      entryOf('Bad', {
        strategy: makeBondStrategyInput({
          assets: { type: 'max_allocation', muni_max_pct: 10, corp_max_pct: 10, tsry_max_pct: 10 },
        }),
      }),
    );
    expect(badStrategy.statusCode).toBe(400);
    expect(badStrategy.json()).toMatchObject({
      errors: [{ attr: expect.stringMatching(/^strategy\.strategy\.assets/) }],
    });
  });

  it('hides another firm’s entries and writes each change to the audit trail', async () => {
    const cio = await inNewFirm('CIO');
    const stranger = await inNewFirm('ADMINISTRATOR');
    const entry = (await add(cio, entryOf('Core municipal'))).json() as StrategyCatalogueEntry;
    const hidden = await api.call(stranger, {
      method: 'PUT',
      url: `/strategy-catalogue/${entry.id}`,
      payload: entryOf('Taken over'),
    });
    expect(hidden.statusCode).toBe(404);
    expect(
      (await api.call(stranger, { method: 'GET', url: '/strategy-catalogue' })).json(),
    ).toEqual([]);

    await api.call(cio, {
      method: 'PUT',
      url: `/strategy-catalogue/${entry.id}`,
      payload: entryOf('Core municipal', { status: 'I' }),
    });
    const rows = await api.database.db.query.firmAuditEvents.findMany({
      where: (events, { eq }) => eq(events.firmId, cio.firmId),
      orderBy: (events, { asc }) => [asc(events.at)],
    });
    expect(
      rows.map(({ kind, subject, before, after, actorAdvisorId }) => ({
        kind,
        subject,
        before,
        after,
        actorAdvisorId,
      })),
    ).toEqual([
      expect.objectContaining({
        kind: 'STRATEGY_ADDED',
        subject: 'Core municipal',
        before: null,
        actorAdvisorId: cio.advisorId,
      }),
      {
        kind: 'STRATEGY_CHANGED',
        subject: 'Core municipal',
        before: { status: 'A' },
        after: { status: 'I' },
        actorAdvisorId: cio.advisorId,
      },
    ]);
  });
});
