import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-context.tsx';
import { AuthCard } from './auth-card.tsx';
import { FormError } from './form-parts.tsx';
import { needsSignInSetUp } from './needs-sign-in-set-up.ts';
import { signInErrorMessage } from './sign-in-error.ts';

const LANDING_TYPES = ['magic_links', 'oauth', 'impersonation', 'reset_password'] as const;
export type LandingToken = {
  type: (typeof LANDING_TYPES)[number];
  token: string | null;
  /** What an OAuth provider said when the person did not sign in there. */
  providerError: string | null;
};

/** Reads `?stytch_token_type=…&token=…`, the shape of every link the identity service sends. */
export function readLandingToken(search: URLSearchParams): LandingToken | null {
  const type = search.get('stytch_token_type');
  if (!type || !(LANDING_TYPES as readonly string[]).includes(type)) return null;
  return {
    type: type as LandingToken['type'],
    token: search.get('token'),
    providerError: search.get('error_description') ?? search.get('error'),
  };
}

// Tokens are single use; React may mount this screen twice for one visit, so each is tried once.
const attempted = new Set<string>();

/** Where a link from an e-mail, an OAuth provider or an impersonation lands: it signs in once. */
export function LinkLanding({ token }: { token: LandingToken }) {
  const { client, config } = useSession();
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<'pending' | 'done' | 'set-up' | string>('pending');
  const started = useRef(false);

  useEffect(() => {
    if (token.type === 'reset_password' || started.current) return;
    started.current = true;
    if (!token.token) {
      setOutcome(token.providerError ?? signInErrorMessage({ error_type: 'invalid_token' }));
      return;
    }
    if (attempted.has(token.token)) return;
    attempted.add(token.token);
    const session_duration_minutes = config.signIn.sessionMinutes;
    const secret = token.token;
    // An invitation is a magic link; whoever opens one without a password or passkey sets one.
    const call =
      token.type === 'magic_links'
        ? () =>
            client.magicLinks
              .authenticate(secret, { session_duration_minutes })
              .then(({ user }) => (needsSignInSetUp(user) ? 'set-up' : 'done'))
        : token.type === 'oauth'
          ? () => client.oauth.authenticate(secret, { session_duration_minutes }).then(() => 'done')
          : () =>
              client.impersonation.authenticate({ impersonation_token: secret }).then(() => 'done');
    call().then(setOutcome, (error: unknown) => setOutcome(signInErrorMessage(error)));
  }, [client, config, token]);

  if (token.type === 'reset_password') {
    return <Navigate replace to={`${paths.resetPassword}?${search.toString()}`} />;
  }
  // Back to the login page without the token: it shows the second step, or moves on.
  if (outcome === 'done') return <Navigate replace to={paths.login} />;
  if (outcome === 'set-up') return <Navigate replace to={paths.setUpSignIn} />;
  return (
    <AuthCard title={outcome === 'pending' ? 'Signing you in' : 'We could not sign you in'}>
      {outcome === 'pending' ? (
        <p role="status">Checking your link…</p>
      ) : (
        <div className="space-y-4">
          <FormError message={outcome} />
          <Link className="font-semibold text-navy-700 underline" to={paths.login}>
            Back to sign in
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
