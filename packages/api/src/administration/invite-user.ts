import type { FirmUser, FirmUserInvitation } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import type { Caller } from '../auth/authenticate.ts';
import { isUniqueViolation } from '../unique-violation.ts';
import type { AdvisorAccess } from './advisor-access.ts';
import { emailInUse, normaliseEmail, refuseEmailInUse } from './advisor-email.ts';
import { appendAuditEvent } from './audit-trail.ts';
import { getFirmProfile } from './firm-profile.ts';
import { getFirmUser } from './firm-users.ts';

const { advisors } = schema;

/**
 * A new user of the caller's firm (decision 022): the advisor, ACTIVE with the given role, and its
 * audit event are committed together; then the identity service is told, and mails the person a
 * single-use sign-in link. The advisor exists first so that the link, once opened, finds them;
 * should the identity service fail after that, the call answers 500 and the user stays listed,
 * not yet signed in, for the administrator to send the invitation again.
 */
export async function inviteUser(
  { db, access }: { db: Db; access: AdvisorAccess },
  caller: Caller,
  invitation: FirmUserInvitation,
): Promise<FirmUser> {
  const email = normaliseEmail(invitation.email);
  const { id: advisorId, firmName } = await db
    .transaction(async (tx) => {
      await refuseEmailInUse(tx, email);
      const [created] = await tx
        .insert(advisors)
        .values({
          firmId: caller.firmId,
          email,
          firstName: invitation.first_name,
          lastName: invitation.last_name,
          role: invitation.role,
          status: 'ACTIVE',
        })
        .returning({ id: advisors.id });
      if (!created) throw new Error('The new advisor was not returned by its insert.');
      await appendAuditEvent(tx, {
        firmId: caller.firmId,
        kind: 'USER_INVITED',
        actorAdvisorId: caller.advisorId,
        subject: email,
        before: null,
        after: {
          email,
          first_name: invitation.first_name,
          last_name: invitation.last_name,
          role: invitation.role,
        },
      });
      return { id: created.id, firmName: (await getFirmProfile(tx, caller.firmId)).name };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailInUse() : error;
    });
  await access.invite({
    email,
    firstName: invitation.first_name,
    lastName: invitation.last_name,
    firmName,
    firmId: caller.firmId,
    role: invitation.role,
    active: true,
  });
  return getFirmUser(db, caller.firmId, advisorId);
}
