import { compactVerify, createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { SESSION_JWT_ALGORITHM, type SigningKeys } from '../sessions/signing-keys.ts';
import type { ProtocolUser } from '../users/protocol-user.ts';
import { OAuthError } from './oauth-error.ts';

/** RFC 9068 marks JWT access tokens so that no other JWT of ours passes for one. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** The claims an app may read about the user, each under the scope that releases it. */
export type UserClaims = Record<string, string | boolean>;

/**
 * OpenID Connect standard claims (Core §5.1, §5.4) for the granted scopes. The email is the first
 * verified address, or else the first one, marked unverified.
 */
export function userClaims(user: ProtocolUser, scopes: readonly string[]): UserClaims {
  const claims: UserClaims = {};
  if (scopes.includes('email')) {
    const email = user.emails.find((entry) => entry.verified) ?? user.emails[0];
    if (email) {
      claims.email = email.email;
      claims.email_verified = email.verified;
    }
  }
  if (scopes.includes('profile')) {
    const { first_name: given, middle_name: middle, last_name: family } = user.name;
    const name = [given, middle, family].filter(Boolean).join(' ');
    if (name) claims.name = name;
    if (given) claims.given_name = given;
    if (middle) claims.middle_name = middle;
    if (family) claims.family_name = family;
    const picture = user.providers.find((entry) => entry.profile_picture_url)?.profile_picture_url;
    if (picture) claims.picture = picture;
  }
  if (scopes.includes('phone')) {
    const phone = user.phone_numbers.find((entry) => entry.verified) ?? user.phone_numbers[0];
    if (phone) {
      claims.phone_number = phone.phone_number;
      claims.phone_number_verified = phone.verified;
    }
  }
  return claims;
}

export type TokenGrant = {
  issuer: string;
  clientId: string;
  userId: string;
  sessionId: string;
  scopes: readonly string[];
  /** RFC 3339, when the session began. */
  authTime: string;
  nonce: string | undefined;
  /** Neither token outlives the session it came from. */
  sessionExpiresAt: Date;
  lifetimeSeconds: number;
};

export type IssuedTokens = {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  id_token?: string;
};

/**
 * The access token (a JWT for this app: `aud` is its client id) and, when `openid` was granted,
 * the ID token. Both are signed by the key that signs session JWTs, so `/.well-known/jwks.json`
 * verifies all three, and both live no longer than a session JWT, because the key set keeps a
 * retired key published only that long (`sessions/signing-keys.ts`).
 */
export async function issueTokens(
  keys: SigningKeys,
  grant: TokenGrant,
  claims: UserClaims,
): Promise<IssuedTokens> {
  const key = await keys.current();
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = Math.min(
    now + grant.lifetimeSeconds,
    Math.floor(grant.sessionExpiresAt.getTime() / 1000),
  );
  const scope = grant.scopes.join(' ');
  const accessToken = await new SignJWT({ client_id: grant.clientId, scope, sid: grant.sessionId })
    .setProtectedHeader({ alg: SESSION_JWT_ALGORITHM, kid: key.kid, typ: ACCESS_TOKEN_TYPE })
    .setIssuer(grant.issuer)
    .setSubject(grant.userId)
    .setAudience(grant.clientId)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
  const tokens: IssuedTokens = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: expiresAt - now,
    scope,
  };
  if (grant.scopes.includes('openid')) {
    tokens.id_token = await new SignJWT({
      ...claims,
      auth_time: Math.floor(Date.parse(grant.authTime) / 1000),
      sid: grant.sessionId,
      ...(grant.nonce === undefined ? {} : { nonce: grant.nonce }),
    })
      .setProtectedHeader({ alg: SESSION_JWT_ALGORITHM, kid: key.kid, typ: 'JWT' })
      .setIssuer(grant.issuer)
      .setSubject(grant.userId)
      .setAudience(grant.clientId)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(key.privateKey);
  }
  return tokens;
}

export type AccessTokenClaims = {
  userId: string;
  clientId: string;
  sessionId: string;
  scopes: string[];
};

/**
 * Checks a bearer token of ours: signature, expiry and the `at+jwt` type, which session JWTs
 * and ID tokens lack. The issuer is not compared: the signature already proves the token is
 * ours, and a client may reach this service under another name than the one that minted it.
 */
export async function verifyAccessToken(
  keys: SigningKeys,
  token: string,
): Promise<AccessTokenClaims> {
  const jwks = createLocalJWKSet(await keys.published());
  const { payload } = await jwtVerify(token, jwks, {
    typ: ACCESS_TOKEN_TYPE,
    algorithms: [SESSION_JWT_ALGORITHM],
  }).catch(() => {
    throw new OAuthError('invalid_token', 'The access token is not valid or has expired.');
  });
  const { sub, client_id: clientId, sid, scope } = payload;
  if (
    typeof sub !== 'string' ||
    typeof clientId !== 'string' ||
    typeof sid !== 'string' ||
    typeof scope !== 'string'
  ) {
    throw new OAuthError('invalid_token', 'The access token is not one of ours.');
  }
  return { userId: sub, clientId, sessionId: sid, scopes: scope.split(' ').filter(Boolean) };
}

/**
 * The user and session an `id_token_hint` names, if it is an ID token we issued to this app.
 * Expiry is ignored on purpose: apps send the ID token they hold, often long expired, and the
 * hint only identifies; it grants nothing.
 */
export async function readIdTokenHint(
  keys: SigningKeys,
  hint: string,
  clientId: string,
): Promise<{ userId: string; sessionId: string | undefined } | undefined> {
  try {
    const jwks = createLocalJWKSet(await keys.published());
    const { payload, protectedHeader } = await compactVerify(hint, jwks, {
      algorithms: [SESSION_JWT_ALGORITHM],
    });
    if (protectedHeader.typ === ACCESS_TOKEN_TYPE) return undefined;
    const claims = JSON.parse(new TextDecoder().decode(payload)) as {
      sub?: unknown;
      aud?: unknown;
      sid?: unknown;
    };
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (typeof claims.sub !== 'string' || !audiences.includes(clientId)) return undefined;
    return {
      userId: claims.sub,
      sessionId: typeof claims.sid === 'string' ? claims.sid : undefined,
    };
  } catch {
    return undefined;
  }
}
