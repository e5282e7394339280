import { schema } from '@ballast/db';
import { refusalOf } from '@ballast/db/testing';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountSteps } from './support/account-steps.ts';
import { useApi } from './support/api-fixture.ts';

describe('records a firm keeps unaltered', () => {
  const api = useApi();
  const steps = accountSteps(api);

  it('refuse any change or removal of a request transition, in the database itself', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('ADVISOR', { firmId });
    const ops = await api.signIn('OPERATIONS', { firmId });
    const id = await steps.openAccount(me, ops);
    const { db } = api.database;
    const transitions = () =>
      db
        .select({ id: schema.actionTransitions.id, toState: schema.actionTransitions.toState })
        .from(schema.actionTransitions)
        .innerJoin(schema.actions, eq(schema.actions.id, schema.actionTransitions.actionId))
        .where(eq(schema.actions.portfolioId, id))
        .orderBy(schema.actionTransitions.id);
    const before = await transitions();
    expect(before.map((row) => row.toState)).toEqual(['SUBMITTED', 'PENDING', 'COMPLETED']);
    const first = before[0]?.id ?? 0;
    expect(
      await refusalOf(
        db
          .update(schema.actionTransitions)
          .set({ toState: 'REJECTED' })
          .where(eq(schema.actionTransitions.id, first)),
      ),
    ).toBe('action_transitions is append-only');
    expect(
      await refusalOf(
        db.delete(schema.actionTransitions).where(eq(schema.actionTransitions.id, first)),
      ),
    ).toBe('action_transitions is append-only');
    expect(await transitions()).toEqual(before);
  });

  it("refuse any change or removal of the firm's audit trail", async () => {
    const firmId = await api.createFirm();
    const admin = await api.signIn('ADMINISTRATOR', { firmId });
    const changed = await api.call(admin, {
      method: 'PUT',
      url: `/firms/${firmId}/sign-in-policy`,
      payload: {
        methods: ['password', 'email_link'],
        second_factor_roles: [],
        session_minutes: 60,
      },
    });
    expect(changed.statusCode).toBe(200);
    const { db } = api.database;
    const trail = () =>
      db
        .select({ id: schema.firmAuditEvents.id, kind: schema.firmAuditEvents.kind })
        .from(schema.firmAuditEvents)
        .where(eq(schema.firmAuditEvents.firmId, firmId));
    const before = await trail();
    expect(before.map((row) => row.kind)).toEqual(['SIGN_IN_POLICY_CHANGED']);
    expect(
      await refusalOf(
        db
          .update(schema.firmAuditEvents)
          .set({ kind: 'NOTHING_HAPPENED' })
          .where(eq(schema.firmAuditEvents.firmId, firmId)),
      ),
    ).toBe('firm_audit_events is append-only');
    expect(await refusalOf(db.execute(sql`delete from firm_audit_events`))).toBe(
      'firm_audit_events is append-only',
    );
    expect(await trail()).toEqual(before);
  });
});
