import type { User } from '@stytch/vanilla-js/headless';

/**
 * A person who came in by an e-mailed link and has neither a password nor a passkey: an invited
 * user's first sign-in. The link worked once, so they choose how to sign in next (decision 022).
 */
export function needsSignInSetUp(
  user: Pick<User, 'password' | 'webauthn_registrations'> | null,
): boolean {
  return user !== null && user.password === null && user.webauthn_registrations.length === 0;
}
