import { type FirmUser, NOT_FOUND_DETAIL } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq, exists, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../app-error.ts';

const { advisors, identityEmails, portfolioAdvisors } = schema;

/**
 * The firm's users as the administration screen lists them. `signed_in` is whether the identity
 * service holds a proved address for the user, the same join that finds an advisor for a session
 * (`auth/authenticate.ts`): until the invitation is answered it is false.
 */
async function selectFirmUsers(db: Db, where: SQL | undefined): Promise<FirmUser[]> {
  const rows = await db
    .select({
      id: advisors.id,
      firstName: advisors.firstName,
      lastName: advisors.lastName,
      email: advisors.email,
      role: advisors.role,
      status: advisors.status,
      createdAt: advisors.createdAt,
      // Subqueries built by drizzle, whose conditions name each column with its table.
      signedIn: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(identityEmails)
          .where(and(eq(identityEmails.email, advisors.email), eq(identityEmails.verified, true))),
      )}`,
      portfolioCount: sql<number>`(${db
        .select({ count: sql`count(*)::int` })
        .from(portfolioAdvisors)
        .where(eq(portfolioAdvisors.advisorId, advisors.id))})`,
    })
    .from(advisors)
    .where(where)
    .orderBy(asc(advisors.lastName), asc(advisors.firstName), asc(advisors.id));
  return rows.map((row) => ({
    advisor: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role as FirmUser['role'],
    status: row.status as FirmUser['status'],
    signed_in: row.signedIn,
    portfolio_count: row.portfolioCount,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Every user of the firm, by last name and then first name. */
export function listUsersOfFirm(db: Db, firmId: string): Promise<FirmUser[]> {
  return selectFirmUsers(db, eq(advisors.firmId, firmId));
}

/** One user of the firm; another firm's advisor is not found. */
export async function getFirmUser(db: Db, firmId: string, advisorId: string): Promise<FirmUser> {
  const [user] = await selectFirmUsers(
    db,
    and(eq(advisors.firmId, firmId), eq(advisors.id, advisorId)),
  );
  if (!user) throw new AppError('not_found', NOT_FOUND_DETAIL);
  return user;
}
