import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';

export type SessionVerifier = (jwt: string) => Promise<JWTPayload>;

/**
 * Verifies session JWTs against the identity service's key set. The set is cached and fetched
 * again when a token names a key the cache lacks, so a rotation is picked up at once while
 * ordinary calls never wait for a fetch.
 */
export function createSessionVerifier(options: {
  fetchKeySet: () => Promise<JSONWebKeySet>;
  /** The identity project the tokens must be for. */
  projectId: string;
}): SessionVerifier {
  let cached: Promise<ReturnType<typeof createLocalJWKSet>> | undefined;
  const keySet = (refresh: boolean) => {
    if (!cached || refresh) cached = options.fetchKeySet().then((set) => createLocalJWKSet(set));
    return cached;
  };
  const verifyWith = async (refresh: boolean) => {
    const keys = await keySet(refresh);
    return async (jwt: string) =>
      (
        await jwtVerify(jwt, keys, {
          issuer: `stytch.com/${options.projectId}`,
          audience: options.projectId,
          algorithms: ['ES256'],
        })
      ).payload;
  };
  // A token verified once is the same token the next time: its signature is not checked again
  // until it expires, for at most a minute, so a screen's burst of calls pays for one check.
  const verified = new Map<string, { payload: JWTPayload; until: number }>();
  const remember = (jwt: string, payload: JWTPayload) => {
    if (verified.size >= MAX_REMEMBERED) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    const expires = (payload.exp ?? 0) * 1000;
    verified.set(jwt, { payload, until: Math.min(expires, Date.now() + 60_000) });
    return payload;
  };
  return async (jwt) => {
    const known = verified.get(jwt);
    if (known) {
      if (known.until > Date.now()) return known.payload;
      verified.delete(jwt);
    }
    try {
      return remember(jwt, await (await verifyWith(false))(jwt));
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      return remember(jwt, await (await verifyWith(true))(jwt));
    }
  };
}

const MAX_REMEMBERED = 10_000;
