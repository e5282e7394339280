import { Navigate, useNavigate } from 'react-router';
import { notify } from '../../components/toast/notify.tsx';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session-context.tsx';
import { AuthCard } from './auth-card.tsx';
import { MethodButton } from './methods/method-button.tsx';
import { currentSignInEnvironment } from './methods/sign-in-methods.ts';
import { PasswordChangeForm } from './password-change-form.tsx';

/**
 * A first sign-in by an invitation's link (decision 022): the link worked once, so the person
 * sets a password, or registers a passkey where the browser has them, and goes on to the app.
 */
export function SetUpSignInPage() {
  usePageTitle('Set Up Your Sign-In');
  const { client, config, user, isAuthenticated } = useSession();
  const navigate = useNavigate();
  if (!isAuthenticated) return <Navigate replace to={paths.login} />;
  // Decision 023: only the ways some firm's sign-in policy offers; with neither there is nothing
  // to set up, and the person signs in by e-mail as they just did.
  const offersPassword = config.signIn.methods.includes('password');
  const offersPasskey =
    config.signIn.methods.includes('passkey') && currentSignInEnvironment().hasPasskeys;
  if (!offersPassword && !offersPasskey) return <Navigate replace to={paths.home} />;

  const session_duration_minutes = config.signIn.sessionMinutes;
  const continueWith = (text: string) => {
    notify({ text, theme: 'success' });
    navigate(paths.home, { replace: true });
  };
  const firstName = user?.name.first_name;
  return (
    <AuthCard title="Set up your sign-in">
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          {firstName ? `Welcome, ${firstName}. ` : 'Welcome. '}
          The link you opened works only once. Choose how you will sign in from now on.
        </p>
        {offersPassword && (
          <section aria-labelledby="set-up-password" className="space-y-3">
            <h2 id="set-up-password" className="text-lg font-semibold text-navy-800">
              A password
            </h2>
            <PasswordChangeForm
              label="Set a password"
              submitLabel="Set password"
              change={(password) =>
                client.passwords.resetBySession({ password, session_duration_minutes })
              }
              onChanged={() => continueWith('Your password is set.')}
            />
          </section>
        )}
        {offersPasskey && (
          <section aria-labelledby="set-up-passkey" className="space-y-3">
            <h2 id="set-up-passkey" className="text-lg font-semibold text-navy-800">
              {offersPassword ? 'Or a passkey' : 'A passkey'}
            </h2>
            <p className="text-sm text-slate-700">
              Sign in with this device's fingerprint, face or screen lock, or a security key
              {offersPassword ? ', instead of a password.' : '.'}
            </p>
            <MethodButton
              label="Use a passkey"
              pendingLabel="Waiting for your passkey…"
              signIn={() =>
                client.webauthn.register({
                  // A passkey belongs to the host it was made on (decision 006).
                  domain: window.location.hostname,
                  is_passkey: true,
                  session_duration_minutes,
                })
              }
              onDone={() => continueWith('Your passkey is registered.')}
            />
          </section>
        )}
      </div>
    </AuthCard>
  );
}
