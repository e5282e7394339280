import { type AdvisorRole, NOT_FOUND_DETAIL } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { AdvisorAccess } from './advisor-access.ts';
import { appendAuditEvent } from './audit-trail.ts';
import { getFirmProfile } from './firm-profile.ts';

const { advisors } = schema;

/**
 * Sends a user a fresh sign-in link; the identity service makes earlier links stop working
 * (decision 022). An inactive user may not sign in, so they are sent nothing (409). The row is
 * locked while it is checked and the event written; a deactivation committed after that, before
 * the link goes out, is still refused by the api, which reads the advisor's status on every call.
 */
export async function resendInvitation(
  { db, access }: { db: Db; access: AdvisorAccess },
  caller: Caller,
  advisorId: string,
): Promise<void> {
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(advisors)
      .where(and(eq(advisors.id, advisorId), eq(advisors.firmId, caller.firmId)))
      .for('update');
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    if (row.status !== 'ACTIVE') {
      throw new AppError(
        'request_conflict',
        'This user is inactive. Make them active before sending a sign-in link.',
      );
    }
    await appendAuditEvent(tx, {
      firmId: caller.firmId,
      kind: 'USER_INVITATION_RESENT',
      actorAdvisorId: caller.advisorId,
      subject: row.email,
      before: null,
      after: null,
    });
    return { ...row, firmName: (await getFirmProfile(tx, caller.firmId)).name };
  });
  await access.invite({
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    firmName: user.firmName,
    firmId: user.firmId,
    role: user.role as AdvisorRole,
    active: true,
  });
}
