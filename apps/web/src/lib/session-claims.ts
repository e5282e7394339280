/** The claim the identity service adds to every session JWT about the second factor. */
const SECOND_FACTOR_CLAIM = 'https://ballast.app/second_factor';

type SecondFactorClaim = { enrolled?: boolean; proved?: boolean };

/**
 * Reads a session JWT's payload without checking its signature: the browser only uses it to
 * decide what to show; the api verifies every token it is sent.
 */
export function readJwtPayload(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(base64), (character) => character.charCodeAt(0)),
    );
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** True when the user has an authenticator but this session has not yet proved it. */
export function needsSecondFactor(jwt: string | undefined): boolean {
  if (!jwt) return false;
  const claim = readJwtPayload(jwt)?.[SECOND_FACTOR_CLAIM] as SecondFactorClaim | undefined;
  return Boolean(claim?.enrolled && !claim.proved);
}
