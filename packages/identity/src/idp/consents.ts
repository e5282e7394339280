import { type Db, schema } from '@ballast/db';
import { and, eq, sql } from 'drizzle-orm';
import { protocolId } from '../crypto/tokens.ts';
import type { Project } from '../protocol/projects.ts';
import type { ConnectedApp } from './connected-apps.ts';

const { identityOauthConsents } = schema;

/** The scopes this user has granted this app before; empty if never. */
export async function findGrantedScopes(
  db: Db,
  userId: string,
  clientId: string,
): Promise<ReadonlySet<string>> {
  const [row] = await db
    .select({ scopes: identityOauthConsents.scopes })
    .from(identityOauthConsents)
    .where(
      and(eq(identityOauthConsents.userId, userId), eq(identityOauthConsents.clientId, clientId)),
    );
  return new Set(row?.scopes ?? []);
}

/**
 * Remembers a consent. Scopes add up, computed in one statement, so two approvals at once for
 * different scopes both count.
 */
export async function recordConsent(
  db: Db,
  project: Project,
  input: { userId: string; clientId: string; scopes: readonly string[] },
): Promise<void> {
  await db
    .insert(identityOauthConsents)
    .values({
      id: protocolId('consent', project.environment),
      projectId: project.id,
      userId: input.userId,
      clientId: input.clientId,
      scopes: [...input.scopes],
    })
    .onConflictDoUpdate({
      target: [identityOauthConsents.userId, identityOauthConsents.clientId],
      set: {
        scopes: sql`(select coalesce(jsonb_agg(distinct scope order by scope), '[]'::jsonb) from jsonb_array_elements_text(${identityOauthConsents.scopes} || excluded.scopes) as scope)`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Whether the user must be asked: never for a first-party app; for a third-party app unless
 * they granted every one of these scopes before. `prompt=consent` asks again all the same.
 */
export function isConsentRequired(input: {
  app: Pick<ConnectedApp, 'firstParty'>;
  granted: ReadonlySet<string>;
  scopes: readonly string[];
  prompts: ReadonlySet<string>;
}): boolean {
  if (input.prompts.has('consent')) return true;
  if (input.app.firstParty) return false;
  return !input.scopes.every((scope) => input.granted.has(scope));
}
