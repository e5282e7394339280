import type { Db } from '@ballast/db';
import { randomToken } from '../crypto/tokens.ts';
import { claimToken, findLiveToken, issueToken } from '../one-time-tokens.ts';
import type { Project } from '../protocol/projects.ts';

/**
 * A code lives 60 seconds. It travels from the browser's redirect straight to the app's backend,
 * which redeems it at once; anything longer only widens the window in which a code leaked from
 * a log, a Referer or the browser history could be used (RFC 9700 §4.1 and §4.2).
 */
export const AUTHORIZATION_CODE_SECONDS = 60;

/** What the code stands for, fixed when the user approved. */
export type AuthorizationGrant = {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  userId: string;
  sessionId: string;
  /** When the session began, the `auth_time` of the ID token. */
  authTime: string;
  nonce: string | undefined;
  codeChallenge: string | undefined;
};

export type StoredAuthorizationCode = AuthorizationGrant & { id: string; projectId: string };

/** Stores the hash of a fresh code and gives the code itself, which only the app will see. */
export async function issueAuthorizationCode(
  db: Db,
  project: Project,
  grant: AuthorizationGrant,
): Promise<string> {
  const code = randomToken();
  await issueToken(db, project, {
    kind: 'idp_code',
    secret: code,
    minutes: AUTHORIZATION_CODE_SECONDS / 60,
    userId: grant.userId,
    ...(grant.codeChallenge ? { codeChallenge: grant.codeChallenge } : {}),
    details: {
      clientId: grant.clientId,
      redirectUri: grant.redirectUri,
      scopes: grant.scopes,
      sessionId: grant.sessionId,
      authTime: grant.authTime,
      ...(grant.nonce === undefined ? {} : { nonce: grant.nonce }),
    },
  });
  return code;
}

/**
 * The unused, unexpired code, without using it up. The token endpoint knows no project, so the
 * code is found by its hash alone; the row says which project it belongs to.
 */
export async function findAuthorizationCode(
  db: Db,
  code: string,
): Promise<StoredAuthorizationCode | undefined> {
  const row = await findLiveToken(db, undefined, 'idp_code', code);
  if (!row?.userId) return undefined;
  const details = row.details as {
    clientId: string;
    redirectUri: string;
    scopes: string[];
    sessionId: string;
    authTime: string;
    nonce?: string;
  };
  return {
    id: row.id,
    projectId: row.projectId,
    userId: row.userId,
    clientId: details.clientId,
    redirectUri: details.redirectUri,
    scopes: details.scopes,
    sessionId: details.sessionId,
    authTime: details.authTime,
    nonce: details.nonce,
    codeChallenge: row.codeChallenge ?? undefined,
  };
}

/** Uses the code up; of any number of concurrent redemptions exactly one gets `true`. */
export function claimAuthorizationCode(db: Db, code: StoredAuthorizationCode): Promise<boolean> {
  return claimToken(db, code.id);
}
