import { schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { randomToken } from './crypto/tokens.ts';
import { IdentityError } from './identity-error.ts';
import type { IdentityOptions } from './identity-options.ts';
import { claimToken, findLiveToken, issueToken } from './one-time-tokens.ts';
import type { Project } from './protocol/projects.ts';

const { identityUsers } = schema;

export type MintImpersonationInput = {
  project: Project;
  /** The user whose session the token starts. */
  userId: string;
  /** Who impersonates, as the host knows them; recorded on the session and in its JWT. */
  impersonatorId: string;
  impersonatorEmail?: string;
};

/** What the host hands to the impersonator's browser: a bearer secret, single use. */
export type ImpersonationToken = { token: string; expires_at: string };

export type ImpersonationService = {
  /**
   * Mints a single-use impersonation token for a user of `project`, live for the configured
   * `impersonationTokenMinutes`. This service does not decide who may impersonate: only the
   * provider API, which knows the caller is an ADMINISTRATOR advisor allowed to act for this
   * user, calls it. Throws `user_not_found` when the user is not in the project.
   */
  mint(input: MintImpersonationInput): Promise<ImpersonationToken>;
};

// Printable text only: the id travels in a JWT claim and a session row, and is shown to people.
const ImpersonatorIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\p{Cc}]+$/u);
const ImpersonatorEmailSchema = z.email().max(320);

export function createImpersonationService({
  db,
  limits,
}: Pick<IdentityOptions, 'db' | 'limits'>): ImpersonationService {
  return {
    async mint(input) {
      const impersonatorId = ImpersonatorIdSchema.safeParse(input.impersonatorId);
      if (!impersonatorId.success) {
        throw new IdentityError('bad_request', 'impersonatorId must be a short line of text.');
      }
      const impersonatorEmail = ImpersonatorEmailSchema.optional().safeParse(
        input.impersonatorEmail,
      );
      if (!impersonatorEmail.success) {
        throw new IdentityError('invalid_email', 'impersonatorEmail is not an email address.');
      }
      const [user] = await db
        .select({ id: identityUsers.id })
        .from(identityUsers)
        .where(
          and(eq(identityUsers.id, input.userId), eq(identityUsers.projectId, input.project.id)),
        );
      if (!user) throw new IdentityError('user_not_found');

      const token = randomToken();
      // Reported a moment before the stored expiry, never after it.
      const expiresAt = new Date(Date.now() + limits.impersonationTokenMinutes * 60_000);
      await issueToken(db, input.project, {
        kind: 'impersonation',
        secret: token,
        minutes: limits.impersonationTokenMinutes,
        userId: user.id,
        details: {
          impersonator_id: impersonatorId.data,
          impersonator_email: impersonatorEmail.data ?? '',
        },
      });
      return { token, expires_at: expiresAt.toISOString() };
    },
  };
}

export type ImpersonationClaim = {
  userId: string;
  impersonatorId: string;
  impersonatorEmail: string;
};

/**
 * Uses up a live impersonation token. The claim is one conditional update, so of any number of
 * concurrent redemptions exactly one succeeds; unknown, used and expired tokens fail alike.
 */
export async function claimImpersonationToken(
  db: IdentityOptions['db'],
  project: Project,
  secret: string,
): Promise<ImpersonationClaim> {
  const row = await findLiveToken(db, project, 'impersonation', secret);
  const impersonatorId = row?.details.impersonator_id;
  if (!row?.userId || typeof impersonatorId !== 'string' || !(await claimToken(db, row.id))) {
    throw new IdentityError('unable_to_auth_impersonation_token');
  }
  const impersonatorEmail = row.details.impersonator_email;
  return {
    userId: row.userId,
    impersonatorId,
    impersonatorEmail: typeof impersonatorEmail === 'string' ? impersonatorEmail : '',
  };
}
