/** One entry of a session's `authentication_factors`, as the protocol shows it. */
export type AuthenticationFactor = {
  type:
    | 'password'
    | 'magic_link'
    | 'otp'
    | 'totp'
    | 'webauthn'
    | 'oauth'
    | 'crypto'
    | 'impersonated'
    | 'recovery_code';
  delivery_method: string;
  last_authenticated_at: string;
  created_at: string;
  updated_at: string;
} & Record<string, unknown>;

/** A factor proved now; `details` carries the per-kind sub-object (`email_factor`, …). */
export function factor(
  type: AuthenticationFactor['type'],
  deliveryMethod: string,
  details: Record<string, unknown> = {},
): AuthenticationFactor {
  const now = new Date().toISOString();
  return {
    type,
    delivery_method: deliveryMethod,
    last_authenticated_at: now,
    created_at: now,
    updated_at: now,
    ...details,
  };
}

/** Adds `next` to the factors already proved, replacing an earlier proof of the same kind. */
export function mergeFactors(
  existing: readonly AuthenticationFactor[],
  next: AuthenticationFactor,
): AuthenticationFactor[] {
  const sameKind = (entry: AuthenticationFactor) =>
    entry.type === next.type && entry.delivery_method === next.delivery_method;
  const earlier = existing.find(sameKind);
  const kept = existing.filter((entry) => !sameKind(entry));
  return [...kept, earlier ? { ...next, created_at: earlier.created_at } : next];
}
