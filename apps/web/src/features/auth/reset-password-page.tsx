import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session-context.tsx';
import { AuthCard } from './auth-card.tsx';
import { EmailField, FormError, FormNotice } from './form-parts.tsx';
import { PasswordChangeForm, PasswordField } from './password-change-form.tsx';
import { useSignInStep } from './use-sign-in-step.ts';

/**
 * Reset password (product §5's three variants): with the token of an e-mailed link, with the
 * current session, or with the current password; signed out, it also asks for a link to be
 * e-mailed.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [search] = useSearchParams();
  const { isAuthenticated } = useSession();
  const token = search.get('stytch_token_type') === 'reset_password' ? search.get('token') : null;
  return (
    <AuthCard title="Reset your password">
      {token ? (
        <NewPasswordForm mode={{ kind: 'email', token }} />
      ) : isAuthenticated ? (
        <NewPasswordForm mode={{ kind: 'session' }} />
      ) : (
        <SignedOutReset />
      )}
    </AuthCard>
  );
}

/** Signed out: a link by e-mail, or, for someone who knows the current password, at once. */
function SignedOutReset() {
  const [knowsPassword, setKnowsPassword] = useState(false);
  return (
    <div className="space-y-5">
      {knowsPassword ? <ExistingPasswordForm /> : <RequestResetLink />}
      <button
        type="button"
        className="text-sm text-navy-700 underline"
        onClick={() => setKnowsPassword(!knowsPassword)}
      >
        {knowsPassword
          ? 'Forgot your password? E-mail me a reset link instead'
          : 'Know your current password? Change it here instead'}
      </button>
    </div>
  );
}

/** Every variant also signs in, so once done it goes on to the login page, which moves on. */
function usePasswordChanged(): () => void {
  const navigate = useNavigate();
  return () => {
    notify({ text: 'Your password has been changed.', theme: 'success' });
    navigate(paths.login, { replace: true });
  };
}

function NewPasswordForm({
  mode,
}: {
  mode: { kind: 'email'; token: string } | { kind: 'session' };
}) {
  const { client, config } = useSession();
  const onChanged = usePasswordChanged();
  const session_duration_minutes = config.signIn.sessionMinutes;
  return (
    <PasswordChangeForm
      label="Choose a new password"
      submitLabel="Change password"
      onChanged={onChanged}
      change={(password) =>
        mode.kind === 'email'
          ? client.passwords.resetByEmail({ token: mode.token, password, session_duration_minutes })
          : client.passwords.resetBySession({ password, session_duration_minutes })
      }
    />
  );
}

/** Product §5's third variant: the e-mail address and the current password prove who it is. */
function ExistingPasswordForm() {
  const { client, config } = useSession();
  const [email, setEmail] = useState('');
  const [existing, setExisting] = useState('');
  const onChanged = usePasswordChanged();
  return (
    <PasswordChangeForm
      label="Change my password"
      submitLabel="Change password"
      onChanged={onChanged}
      change={(password) =>
        client.passwords.resetByExistingPassword({
          email: email.trim(),
          existing_password: existing,
          new_password: password,
          session_duration_minutes: config.signIn.sessionMinutes,
        })
      }
    >
      <EmailField value={email} onChange={setEmail} />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={existing}
        onChange={setExisting}
      />
    </PasswordChangeForm>
  );
}

function RequestResetLink() {
  const { client } = useSession();
  const step = useSignInStep();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const here = `${window.location.origin}${paths.resetPassword}`;
    const sent = await step.run(() =>
      client.passwords.resetByEmailStart({
        email: address,
        reset_password_redirect_url: here,
        login_redirect_url: `${window.location.origin}${paths.login}`,
      }),
    );
    if (sent) setSentTo(address);
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="E-mail me a reset link">
      <p className="text-sm text-slate-700">
        Enter the e-mail address you sign in with and we will send you a link to choose a new
        password.
      </p>
      <EmailField value={email} onChange={setEmail} />
      <FormError message={step.error} />
      {sentTo && <FormNotice>If {sentTo} has an account, a reset link is on its way.</FormNotice>}
      <div className="flex items-center justify-between">
        <Link className="text-sm text-navy-700 underline" to={paths.login}>
          Back to sign in
        </Link>
        <Button type="submit" disabled={step.isPending}>
          {step.isPending ? 'Sending…' : 'Send reset link'}
        </Button>
      </div>
    </form>
  );
}
