import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable token for links and sessions: 32 random bytes, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A one-time passcode of `digits` decimal digits, uniformly random. */
export function randomCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** Secrets are stored only as this hash, so a leaked table reveals no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** PKCE S256: the challenge is the URL-safe base64 SHA-256 digest of the verifier. */
export function pkceChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A protocol id such as `user-test-8b0d…`: kind, environment, random uuid. */
export function protocolId(kind: string, environment: 'test' | 'live'): string {
  return `${kind}-${environment}-${crypto.randomUUID()}`;
}
