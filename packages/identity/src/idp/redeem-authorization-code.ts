import type { Db } from '@ballast/db';
import { constantTimeEqual, pkceChallengeOf } from '../crypto/tokens.ts';
import type { SigningKeys } from '../sessions/signing-keys.ts';
import { getProtocolUser } from '../users/protocol-user.ts';
import { claimAuthorizationCode, findAuthorizationCode } from './authorization-codes.ts';
import type { ConnectedApp, ConnectedApps } from './connected-apps.ts';
import { type IssuedTokens, issueTokens, userClaims } from './idp-tokens.ts';
import { findLiveSession } from './live-session.ts';
import { OAuthError } from './oauth-error.ts';
import { type ClientCredentials, isCodeVerifier, type TokenRequest } from './token-request.ts';

export type RedeemDependencies = {
  db: Db;
  keys: SigningKeys;
  apps: ConnectedApps;
  /** How long the access and ID tokens live. */
  tokenSeconds: number;
};

/** One message for every code that cannot be used, so a caller learns nothing about which. */
const UNUSABLE_CODE = 'The authorization code is not valid, has expired or was already used.';

/**
 * `grant_type=authorization_code` (RFC 6749 §4.1.3 with PKCE, RFC 7636 §4.6): the client proves
 * who it is, the code must be live, issued to this client for this redirect URI, and match the
 * PKCE verifier. Only then is it used up, so a thief's failed try does not spend the real
 * client's code; the claim is atomic, so a code works once even when raced.
 */
export async function redeemAuthorizationCode(
  deps: RedeemDependencies,
  request: TokenRequest,
  issuer: string,
): Promise<IssuedTokens> {
  if (request.grantType !== 'authorization_code') {
    throw new OAuthError(
      'unsupported_grant_type',
      'Only authorization_code is supported; no refresh tokens are issued.',
    );
  }
  const app = authenticateClient(deps.apps, request.client);
  if (!request.code) throw new OAuthError('invalid_request', 'code is missing.');
  if (!request.redirectUri) throw new OAuthError('invalid_request', 'redirect_uri is missing.');

  const code = await findAuthorizationCode(deps.db, request.code);
  if (!code || code.clientId !== app.clientId) throw new OAuthError('invalid_grant', UNUSABLE_CODE);
  if (code.redirectUri !== request.redirectUri) {
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request.');
  }
  checkProofKey(app, code.codeChallenge, request.codeVerifier);
  const session = await findLiveSession(deps.db, code.sessionId, code.userId);
  if (!session) throw new OAuthError('invalid_grant', 'The user has signed out since approving.');
  if (!(await claimAuthorizationCode(deps.db, code))) {
    throw new OAuthError('invalid_grant', UNUSABLE_CODE);
  }

  const user = await getProtocolUser(deps.db, code.userId).catch(() => {
    throw new OAuthError('invalid_grant', 'The user no longer exists.');
  });
  return issueTokens(
    deps.keys,
    {
      issuer,
      clientId: app.clientId,
      userId: code.userId,
      sessionId: code.sessionId,
      scopes: code.scopes,
      authTime: code.authTime,
      nonce: code.nonce,
      sessionExpiresAt: session.expiresAt,
      lifetimeSeconds: deps.tokenSeconds,
    },
    userClaims(user, code.scopes),
  );
}

/** A confidential client must give its secret; a public client has none to give. */
export function authenticateClient(apps: ConnectedApps, client: ClientCredentials): ConnectedApp {
  const app = apps.find(client.clientId);
  if (!app) throw new OAuthError('invalid_client', 'Client authentication failed.');
  // Some libraries send `Basic base64(client_id:)` for a public client: an empty secret is none.
  const secret = client.clientSecret || undefined;
  if (app.clientType === 'confidential') {
    if (secret === undefined || !app.hasSecret(secret)) {
      throw new OAuthError('invalid_client', 'Client authentication failed.');
    }
  } else if (secret !== undefined) {
    throw new OAuthError('invalid_client', 'This client is public and has no secret.');
  }
  return app;
}

/**
 * PKCE (S256): a code issued with a challenge needs the verifier that hashes to it; a code
 * issued without one must not be given a verifier (OAuth 2.1 §4.1.3), and a public client's
 * code always has one, since nothing else ties the code to the client that asked for it.
 */
export function checkProofKey(
  app: Pick<ConnectedApp, 'clientType'>,
  challenge: string | undefined,
  verifier: string | undefined,
): void {
  if (challenge === undefined) {
    if (app.clientType === 'public') {
      throw new OAuthError('invalid_grant', 'A public client must use PKCE.');
    }
    if (verifier !== undefined) {
      throw new OAuthError('invalid_grant', 'The code was issued without a code_challenge.');
    }
    return;
  }
  if (verifier === undefined) throw new OAuthError('invalid_grant', 'code_verifier is missing.');
  if (!isCodeVerifier(verifier) || !constantTimeEqual(pkceChallengeOf(verifier), challenge)) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge.');
  }
}
