import { schema } from '@ballast/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomToken } from '../crypto/tokens.ts';
import { DeliveryError } from '../delivery/delivery-error.ts';
import type { IdentityOptions } from '../identity-options.ts';
import { issueToken } from '../one-time-tokens.ts';
import { invitationEmail } from '../outgoing-messages.ts';
import type { Project } from '../protocol/projects.ts';
import { linkWithToken } from '../redirect-urls.ts';
import { findOrCreateUserByEmail, findUserByEmail, normalizeEmail } from './user-store.ts';

const { identityUsers, identityEmails, identitySessions, identityOneTimeTokens } = schema;

/** What the host records about a person: its own claims (firm, role) and whether they may sign in. */
export type AccountState = {
  trustedMetadata: Record<string, unknown>;
  active: boolean;
};

export type Invitation = AccountState & {
  project: Project;
  email: string;
  firstName: string;
  lastName: string;
  /** How long the link stays good. */
  minutes: number;
  /** Who the invitation is from, as the e-mail names them: the firm. */
  from: string;
};

/**
 * The host's say over who may sign in (decision 022). The identity service does not decide who
 * is invited or deactivated; the provider API does, and calls this through its access port.
 */
export type AccountAccess = {
  /**
   * Makes sure a user exists for the address (not yet proved when new), records the host's state
   * on it, uses up the user's earlier unredeemed sign-in links, and e-mails a fresh single-use
   * one. Resolves with the link and whether a transport took the message; the caller shows the
   * link only when none did.
   */
  invite(invitation: Invitation): Promise<{ link: string; delivered: boolean }>;
  /** Records the host's state; an inactive user's sessions end at once. */
  update(project: Project, email: string, state: AccountState): Promise<void>;
  /**
   * Moves a user's address to another, not yet proved, ending their sessions. When another user
   * already holds the new address, that user is the one a later invitation reaches.
   */
  changeEmail(project: Project, from: string, to: string): Promise<void>;
};

export function createAccountAccess(
  options: Pick<IdentityOptions, 'db' | 'messages' | 'project'>,
): AccountAccess {
  const { db } = options;

  async function endSessions(userId: string): Promise<void> {
    await db
      .update(identitySessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(identitySessions.userId, userId), isNull(identitySessions.revokedAt)));
  }

  async function record(userId: string, state: AccountState): Promise<void> {
    await db
      .update(identityUsers)
      .set({
        status: state.active ? 'active' : 'inactive',
        trustedMetadata: sql`${identityUsers.trustedMetadata} || ${JSON.stringify(state.trustedMetadata)}::jsonb`,
      })
      .where(eq(identityUsers.id, userId));
    if (!state.active) await endSessions(userId);
  }

  return {
    async invite(invitation) {
      const user = await findOrCreateUserByEmail(db, invitation.project, invitation.email);
      await db
        .update(identityUsers)
        .set({ firstName: invitation.firstName, lastName: invitation.lastName })
        .where(and(eq(identityUsers.id, user.userId), eq(identityUsers.firstName, '')));
      await record(user.userId, invitation);
      await db
        .update(identityOneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(identityOneTimeTokens.userId, user.userId),
            eq(identityOneTimeTokens.kind, 'magic_link'),
            isNull(identityOneTimeTokens.usedAt),
          ),
        );
      const token = randomToken();
      await issueToken(db, invitation.project, {
        kind: 'magic_link',
        secret: token,
        minutes: invitation.minutes,
        userId: user.userId,
        methodId: user.emailId,
        details: { invitation: true },
      });
      const link = linkWithToken(options.project.defaultLoginRedirectUrl, 'magic_links', token);
      const message = invitationEmail(user.email, {
        projectName: options.project.projectName,
        from: invitation.from,
        link,
        minutes: invitation.minutes,
      });
      const delivered = await options.messages.send(message).then(
        () => true,
        (error: unknown) => {
          if (error instanceof DeliveryError) return false;
          throw error;
        },
      );
      return { link, delivered };
    },

    async update(project, email, state) {
      const user = await findUserByEmail(db, project, email);
      if (user) await record(user.userId, state);
    },

    async changeEmail(project, from, to) {
      const user = await findUserByEmail(db, project, from);
      if (!user) return;
      await endSessions(user.userId);
      if (await findUserByEmail(db, project, to)) return;
      await db
        .update(identityEmails)
        .set({ email: normalizeEmail(to), verified: false })
        .where(eq(identityEmails.id, user.emailId));
    },
  };
}
