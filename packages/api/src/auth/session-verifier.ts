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
  return async (jwt) => {
    try {
      return await (await verifyWith(false))(jwt);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      return (await verifyWith(true))(jwt);
    }
  };
}
