import {
  AdvisorFirstNameSchema,
  AdvisorLastNameSchema,
  FirmUpdateSchema,
  FirmUserInvitationSchema,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../app-error.ts';
import type { AdvisorAccess } from './advisor-access.ts';
import { appendAuditEvent } from './audit-trail.ts';

const { advisors, firms, identityEmails } = schema;

/** What the first-run command asks for: a firm and the person who will run it. */
export const FirmCreationSchema = z.object({
  name: FirmUpdateSchema.shape.name,
  administrator: z.object({
    // Lower-cased as the identity service stores addresses, so the two match (authenticate.ts).
    email: z.string().trim().toLowerCase().pipe(FirmUserInvitationSchema.shape.email),
    firstName: AdvisorFirstNameSchema,
    lastName: AdvisorLastNameSchema,
  }),
});
export type FirmCreation = z.input<typeof FirmCreationSchema>;

export type FirmCreationResult = {
  /** `created` by this call, or found `exists` as an earlier call with the same values left it. */
  outcome: 'created' | 'exists';
  firm: { id: string; name: string };
  administrator: { advisorId: string; email: string };
  /**
   * The sign-in link sent to the administrator, and whether a mail transport took it; null when
   * they have signed in already, so nothing was sent.
   */
  invitation: { link: string; delivered: boolean } | null;
};

// One creation at a time, so that two runs at once cannot both find no firm of a name and each
// make one; the number is arbitrary, only this module takes the lock.
const FIRM_CREATION_LOCK = 220_001;

/**
 * The first run of an installation (decision 022): creates a firm and its first ADMINISTRATOR
 * in one transaction, writes both to the firm's audit trail with no actor (nobody is signed in),
 * and then sends the administrator a sign-in link through the access port.
 *
 * Run again with the same firm name (compared without regard to case) and the e-mail of an
 * active administrator of that firm, it creates nothing and answers `exists`; if that
 * administrator has never signed in (their address is not yet proved) it sends a fresh link, so
 * a lost or expired invitation is recovered by running the command again. It refuses, with a
 * `request_conflict` that says what to do:
 * - an e-mail that belongs to a user of another firm (a person signs in to one firm only);
 * - an e-mail of a user of the named firm who is not an active administrator;
 * - a name an existing firm has, with an e-mail that is none of its users.
 */
export async function createFirm(
  db: Db,
  access: AdvisorAccess,
  input: FirmCreation,
): Promise<FirmCreationResult> {
  const { name, administrator } = FirmCreationSchema.parse(input);
  const found = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRM_CREATION_LOCK})`);
    const [user] = await tx
      .select({
        advisorId: advisors.id,
        role: advisors.role,
        status: advisors.status,
        firstName: advisors.firstName,
        lastName: advisors.lastName,
        firmId: firms.id,
        firmName: firms.name,
      })
      .from(advisors)
      .innerJoin(firms, eq(firms.id, advisors.firmId))
      // As advisor-email.ts compares: rows from before addresses were lower-cased match too.
      .where(eq(sql`lower(${advisors.email})`, administrator.email))
      .limit(1);
    if (user) {
      if (!isSameName(user.firmName, name)) {
        throw new AppError(
          'request_conflict',
          `${administrator.email} is already a user of the firm "${user.firmName}", and a person ` +
            'belongs to one firm only: give the new firm another administrator e-mail.',
        );
      }
      if (user.role !== 'ADMINISTRATOR' || user.status !== 'ACTIVE') {
        throw new AppError(
          'request_conflict',
          `${administrator.email} is a user of "${user.firmName}" but not an active ` +
            'administrator: one of its administrators can change that on the /admin screen, or ' +
            'run the command with an administrator e-mail.',
        );
      }
      return { kind: 'exists' as const, ...user };
    }

    const [namesake] = await tx
      .select({ id: firms.id })
      .from(firms)
      .where(sql`lower(${firms.name}) = lower(${name})`)
      .limit(1);
    if (namesake) {
      throw new AppError(
        'request_conflict',
        `A firm named "${name}" already exists (${namesake.id}) and ${administrator.email} is ` +
          'not one of its users: run the command with the e-mail of one of its administrators, ' +
          'or choose another name for a new firm.',
      );
    }

    const [firm] = await tx.insert(firms).values({ name }).returning({ id: firms.id });
    if (!firm) throw new Error('The firm was not created.');
    const [advisor] = await tx
      .insert(advisors)
      .values({
        firmId: firm.id,
        email: administrator.email,
        firstName: administrator.firstName,
        lastName: administrator.lastName,
        role: 'ADMINISTRATOR',
      })
      .returning({ id: advisors.id });
    if (!advisor) throw new Error('The administrator was not created.');
    await appendAuditEvent(tx, {
      firmId: firm.id,
      kind: 'FIRM_CREATED',
      actorAdvisorId: null,
      subject: name,
      before: null,
      after: { name },
    });
    await appendAuditEvent(tx, {
      firmId: firm.id,
      kind: 'USER_INVITED',
      actorAdvisorId: null,
      subject: administrator.email,
      before: null,
      after: {
        email: administrator.email,
        first_name: administrator.firstName,
        last_name: administrator.lastName,
        role: 'ADMINISTRATOR',
      },
    });
    return {
      kind: 'created' as const,
      advisorId: advisor.id,
      firmId: firm.id,
      firmName: name,
      firstName: administrator.firstName,
      lastName: administrator.lastName,
    };
  });

  const result = {
    outcome: found.kind,
    firm: { id: found.firmId, name: found.firmName },
    administrator: { advisorId: found.advisorId, email: administrator.email },
  };
  if (found.kind === 'exists') {
    if (await hasSignedIn(db, administrator.email)) return { ...result, invitation: null };
    await db.transaction((tx) =>
      appendAuditEvent(tx, {
        firmId: found.firmId,
        kind: 'USER_INVITATION_RESENT',
        actorAdvisorId: null,
        subject: administrator.email,
        before: null,
        after: null,
      }),
    );
  }
  // After the commit: the link must lead to an advisor that exists, and a failed send leaves a
  // firm that a second run finds and sends to again.
  const invitation = await access.invite({
    email: administrator.email,
    firstName: found.firstName,
    lastName: found.lastName,
    firmId: found.firmId,
    firmName: found.firmName,
    role: 'ADMINISTRATOR',
    active: true,
  });
  return { ...result, invitation };
}

function isSameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Opening a sign-in link proves the address; until then the person has never signed in. */
async function hasSignedIn(db: Db, email: string): Promise<boolean> {
  const [proved] = await db
    .select({ id: identityEmails.id })
    .from(identityEmails)
    .where(and(eq(identityEmails.email, email), eq(identityEmails.verified, true)))
    .limit(1);
  return proved !== undefined;
}
