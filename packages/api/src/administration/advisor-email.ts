import { EMAIL_IN_USE } from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../accounts/current-account.ts';
import { fieldError } from '../app-error.ts';

const { advisors } = schema;

/**
 * Advisors' addresses are kept lower-cased, as the identity service keeps its own, so that the
 * session lookup (`auth/authenticate.ts`) matches one to the other whatever casing was typed.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The one refusal for a taken address, whichever firm holds it, so no other firm is revealed. */
export const emailInUse = () => fieldError('email', 'invalid', EMAIL_IN_USE);

/**
 * Refuses an address any advisor already has, of any firm (the column is unique across firms: one
 * sign-in is one advisor). Rows written before addresses were lower-cased are compared
 * lower-cased too.
 */
export async function refuseEmailInUse(tx: Tx, email: string, exceptAdvisorId?: string) {
  const [taken] = await tx
    .select({ id: advisors.id })
    .from(advisors)
    .where(
      and(
        eq(sql`lower(${advisors.email})`, email),
        exceptAdvisorId ? ne(advisors.id, exceptAdvisorId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw emailInUse();
}
