import type { SecretBox } from '@ballast/db';
import { type Db, schema } from '@ballast/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashSecret } from '../crypto/tokens.ts';
import { claimToken, issueToken } from '../one-time-tokens.ts';
import type { Project } from '../protocol/projects.ts';

const { identityOneTimeTokens } = schema;

/** How long a person may take at the provider, and then to hand the token to the SDK. */
const OAUTH_STATE_MINUTES = 10;
export const OAUTH_TOKEN_MINUTES = 10;

/** What the start remembers for the callback, under the `state` it sends the provider. */
const StateDetails = z.object({
  provider: z.string(),
  login_redirect_url: z.string(),
  signup_redirect_url: z.string(),
  /** The redirect_uri sent to the provider, which the code exchange must repeat exactly. */
  callback_url: z.string(),
  /** Our PKCE verifier and nonce for the provider, sealed: the table is no place for them. */
  sealed: z.string(),
});
const StateSecrets = z.object({ code_verifier: z.string(), nonce: z.string().optional() });

export type OAuthState = z.output<typeof StateDetails> & {
  projectId: string;
  /** The SDK's PKCE challenge, which the `oauth` token inherits. */
  codeChallenge: string | undefined;
  codeVerifier: string;
  nonce: string | undefined;
};

export async function saveOAuthState(
  db: Db,
  box: SecretBox,
  project: Project,
  input: {
    state: string;
    provider: string;
    loginRedirectUrl: string;
    signupRedirectUrl: string;
    callbackUrl: string;
    codeChallenge: string | undefined;
    codeVerifier: string;
    nonce: string | undefined;
  },
): Promise<void> {
  const secrets: z.input<typeof StateSecrets> = { code_verifier: input.codeVerifier };
  if (input.nonce) secrets.nonce = input.nonce;
  const details: z.input<typeof StateDetails> = {
    provider: input.provider,
    login_redirect_url: input.loginRedirectUrl,
    signup_redirect_url: input.signupRedirectUrl,
    callback_url: input.callbackUrl,
    sealed: box.seal(JSON.stringify(secrets)),
  };
  await issueToken(db, project, {
    kind: 'oauth_state',
    secret: input.state,
    minutes: OAUTH_STATE_MINUTES,
    ...(input.codeChallenge ? { codeChallenge: input.codeChallenge } : {}),
    details,
  });
}

/**
 * Uses up the state a callback names and answers what the start remembered, or undefined when
 * the state is unknown, expired or already used. The callback knows no project, so the state
 * alone finds its row (its hash is unique per kind).
 */
export async function takeOAuthState(
  db: Db,
  box: SecretBox,
  state: string,
): Promise<OAuthState | undefined> {
  const [row] = await db
    .select()
    .from(identityOneTimeTokens)
    .where(
      and(
        eq(identityOneTimeTokens.kind, 'oauth_state'),
        eq(identityOneTimeTokens.tokenHash, hashSecret(state)),
        isNull(identityOneTimeTokens.usedAt),
        gt(identityOneTimeTokens.expiresAt, sql`now()`),
      ),
    );
  if (!row || !(await claimToken(db, row.id))) return undefined;
  const details = StateDetails.parse(row.details);
  const secrets = StateSecrets.parse(JSON.parse(box.open(details.sealed)));
  return {
    ...details,
    projectId: row.projectId,
    codeChallenge: row.codeChallenge ?? undefined,
    codeVerifier: secrets.code_verifier,
    nonce: secrets.nonce,
  };
}

/** What the `oauth` token handed to the browser carries to `POST /oauth/authenticate`. */
export const OAuthTokenDetails = z.object({
  provider: z.string(),
  registration_id: z.string(),
  provider_subject: z.string(),
  email_id: z.string().optional(),
  profile_picture_url: z.string(),
  locale: z.string(),
  scopes: z.array(z.string()),
  expires_at: z.string().optional(),
  /** The provider's access and ID tokens, sealed; never its refresh token. */
  sealed_access_token: z.string(),
  sealed_id_token: z.string(),
});
export type OAuthTokenDetails = z.output<typeof OAuthTokenDetails>;
