/**
 * The firm's sign-in policy (decision 023): which ways of signing in its users have, which roles
 * must prove an authenticator code, and how long a sign-in lasts.
 */
import { z } from 'zod';
import { SESSION_POLICY_MINUTES_DEFAULT, SESSION_POLICY_MINUTES_MIN } from '../constants.ts';
import { AdvisorRoleSchema } from '../enums.ts';
import { INVALID_VALUE, SESSION_MINUTES_TOO_SHORT, SIGN_IN_METHOD_REQUIRED } from '../messages.ts';

export const SIGN_IN_METHODS = [
  'password',
  'email_link',
  'email_code',
  'sms_code',
  'passkey',
  'oauth',
  'wallet',
] as const;
export const SignInMethodSchema = z.enum(SIGN_IN_METHODS, { error: INVALID_VALUE });
export type SignInMethodName = z.infer<typeof SignInMethodSchema>;

/** PUT /firms/{id}/sign-in-policy. */
export const SignInPolicySchema = z.object({
  methods: z
    .array(SignInMethodSchema, { error: SIGN_IN_METHOD_REQUIRED })
    .min(1, { error: SIGN_IN_METHOD_REQUIRED }),
  /** Roles whose users must have an authenticator and give its code at every sign-in. */
  second_factor_roles: z.array(AdvisorRoleSchema, { error: INVALID_VALUE }),
  /** How long a sign-in lasts before the person signs in again. */
  session_minutes: z
    .int({ error: INVALID_VALUE })
    .min(SESSION_POLICY_MINUTES_MIN, { error: SESSION_MINUTES_TOO_SHORT }),
});
export type SignInPolicy = z.infer<typeof SignInPolicySchema>;

/** GET /firms/{id}/sign-in-policy: the policy and the bounds this installation sets on it. */
export const FirmSignInPolicySchema = SignInPolicySchema.extend({
  /** The methods the installation is configured for; a policy offers a subset of them. */
  available_methods: z.array(SignInMethodSchema),
  /** The installation's longest session (SESSION_MAX_MINUTES). */
  max_session_minutes: z.int().positive(),
});
export type FirmSignInPolicy = z.infer<typeof FirmSignInPolicySchema>;

/** What an installation's configuration allows any firm's policy. */
export type SignInBounds = Pick<FirmSignInPolicy, 'available_methods' | 'max_session_minutes'>;

/**
 * The policy in force: the firm's own as far as the installation allows it, or, for a firm
 * without one (or one whose every method the installation has since dropped), every method the
 * installation offers, no second factor required and a working day's sign-in.
 */
export function effectiveSignInPolicy(stored: unknown, bounds: SignInBounds): FirmSignInPolicy {
  const parsed = SignInPolicySchema.safeParse(stored);
  const policy = parsed.success ? parsed.data : undefined;
  const methods = (policy?.methods ?? []).filter((method) =>
    bounds.available_methods.includes(method),
  );
  return {
    methods: methods.length > 0 ? methods : [...bounds.available_methods],
    second_factor_roles: policy?.second_factor_roles ?? [],
    session_minutes: Math.min(
      policy?.session_minutes ?? SESSION_POLICY_MINUTES_DEFAULT,
      bounds.max_session_minutes,
    ),
    ...bounds,
  };
}
