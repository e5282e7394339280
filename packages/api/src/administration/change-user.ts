import {
  type AdvisorRole,
  type AdvisorStatus,
  LAST_ADMINISTRATOR,
  NOT_FOUND_DETAIL,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../app-error.ts';
import type { Caller, CallerCache } from '../auth/authenticate.ts';
import { isUniqueViolation } from '../unique-violation.ts';
import type { AdvisorAccess, AdvisorAccessState } from './advisor-access.ts';
import { emailInUse, normaliseEmail, refuseEmailInUse } from './advisor-email.ts';
import { appendAuditEvent, changedFields } from './audit-trail.ts';
import { getFirmProfile } from './firm-profile.ts';

const { advisors } = schema;

type AdvisorRow = typeof advisors.$inferSelect;

/** What only an administrator changes about a user (product §6 'Own settings'). */
export type AdministeredChange = { role?: AdvisorRole; status?: AdvisorStatus; email?: string };

/** The advisor's own settings, which `PUT /advisors/{id}` saves in the same statement. */
export type AdvisorSettings = Partial<
  Omit<typeof advisors.$inferInsert, 'id' | 'firmId' | 'role' | 'status' | 'email' | 'createdAt'>
>;

export type UserChangeDependencies = { db: Db; access: AdvisorAccess; callers: CallerCache };

const isActiveAdministrator = (user: { role: string; status: string }) =>
  user.role === 'ADMINISTRATOR' && user.status === 'ACTIVE';

/**
 * The one way a user's role, status or e-mail changes (decision 022), for
 * `PATCH /firms/{id}/users/{advisor_id}` and `PUT /advisors/{id}` alike; the caller's right to make
 * the change is the route's to check. In one transaction: the firm keeps an active administrator
 * (409 otherwise), the address is nobody else's, and the change is written with its audit event.
 * Once committed, the identity service is told: a role or status (INACTIVE ends the person's
 * sessions at once), or a new address, which is sent a fresh sign-in link to prove it.
 *
 * The api reads an advisor's role and status through a two-second cache (`auth/authenticate.ts`):
 * this process forgets the user at once; other api processes see the change within two seconds.
 * Should the identity service fail once the change is committed, the call answers 500: the api
 * still enforces the new role and status from its own rows, and a new address that was not sent
 * its link is sent one by resending the invitation.
 */
export async function changeUser(
  { db, access, callers }: UserChangeDependencies,
  caller: Caller,
  advisorId: string,
  change: AdministeredChange,
  settings: AdvisorSettings = {},
): Promise<AdvisorRow> {
  const { before, after } = await db
    .transaction(async (tx) => {
      // The firm's active administrators are locked first, in id order, and only then the user:
      // two changes at once take their locks in the same order, so the second waits for the first
      // and then counts what the first left, rather than both counting the same two
      // administrators and each demoting one of them.
      const administrators = await tx
        .select({ id: advisors.id })
        .from(advisors)
        .where(
          and(
            eq(advisors.firmId, caller.firmId),
            eq(advisors.role, 'ADMINISTRATOR'),
            eq(advisors.status, 'ACTIVE'),
          ),
        )
        .orderBy(asc(advisors.id))
        .for('update');
      const [current] = await tx
        .select()
        .from(advisors)
        .where(and(eq(advisors.id, advisorId), eq(advisors.firmId, caller.firmId)))
        .for('update');
      if (!current) throw new AppError('not_found', NOT_FOUND_DETAIL);

      const next = {
        role: change.role ?? current.role,
        status: change.status ?? current.status,
        email: change.email === undefined ? current.email : normaliseEmail(change.email),
      };
      const isLastAdministrator =
        isActiveAdministrator(current) &&
        !administrators.some((administrator) => administrator.id !== current.id);
      if (isLastAdministrator && !isActiveAdministrator(next)) {
        throw new AppError('request_conflict', LAST_ADMINISTRATOR);
      }
      if (next.email !== current.email) await refuseEmailInUse(tx, next.email, current.id);

      const [updated] = await tx
        .update(advisors)
        .set({ ...settings, ...next })
        .where(eq(advisors.id, current.id))
        .returning();
      if (!updated) throw new Error('The changed advisor was not returned by its update.');
      const audited = changedFields(
        { role: current.role, status: current.status, email: current.email },
        next,
      );
      if (Object.keys(audited.after).length > 0) {
        await appendAuditEvent(tx, {
          firmId: caller.firmId,
          kind: 'USER_CHANGED',
          actorAdvisorId: caller.advisorId,
          subject: current.email,
          ...audited,
        });
      }
      return { before: current, after: updated };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailInUse() : error;
    });

  callers.forget(advisorId);
  await tellIdentityService({ db, access }, before, after);
  return after;
}

/** Hands a committed change to the identity service; nothing to say when none of it changed. */
async function tellIdentityService(
  { db, access }: { db: Db; access: AdvisorAccess },
  before: AdvisorRow,
  after: AdvisorRow,
) {
  const state: AdvisorAccessState = {
    firmId: after.firmId,
    role: after.role as AdvisorRole,
    active: after.status === 'ACTIVE',
  };
  if (after.email !== before.email) {
    await access.changeEmail(before.email, after.email);
    // An inactive user is not mailed a link they could not use; the new address waits unproved.
    if (state.active) {
      await access.invite({
        ...state,
        email: after.email,
        firstName: after.firstName,
        lastName: after.lastName,
        firmName: (await getFirmProfile(db, after.firmId)).name,
      });
    } else {
      await access.update(after.email, state);
    }
  } else if (after.role !== before.role || after.status !== before.status) {
    await access.update(after.email, state);
  }
}
