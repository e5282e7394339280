import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextInput } from '../../components/ui/field.tsx';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { AuthCard } from './auth-card.tsx';
import { FormError, FormNotice } from './form-parts.tsx';
import { useSession } from './session-context.tsx';
import { useSignInStep } from './use-sign-in-step.ts';

/**
 * Reset password (spec §5's three variants): with the token of an e-mailed link, with the current
 * session, or with the current password; signed out, it also asks for a link to be e-mailed.
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

const PASSWORDS_DIFFER = 'The two passwords do not match.';

/**
 * Runs a password change and, once it is done, says so and goes on to the login page, which moves
 * on to the app (every way of changing the password also signs in) or to the second factor.
 */
function usePasswordChange() {
  const navigate = useNavigate();
  const step = useSignInStep();
  async function change(call: () => Promise<unknown>) {
    if (await step.run(call)) {
      notify({ text: 'Your password has been changed.', theme: 'success' });
      navigate(paths.login, { replace: true });
    }
  }
  return { step, change };
}

function NewPasswordForm({
  mode,
}: {
  mode: { kind: 'email'; token: string } | { kind: 'session' };
}) {
  const { client, config } = useSession();
  const { step, change } = usePasswordChange();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirmation) {
      step.setError(PASSWORDS_DIFFER);
      return;
    }
    const session_duration_minutes = config.signIn.sessionMinutes;
    void change(() =>
      mode.kind === 'email'
        ? client.passwords.resetByEmail({ token: mode.token, password, session_duration_minutes })
        : client.passwords.resetBySession({ password, session_duration_minutes }),
    );
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Choose a new password">
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      <FormError message={step.error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={step.isPending}>
          {step.isPending ? 'Saving…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}

/** Spec §5's third variant: the e-mail address and the current password prove who it is. */
function ExistingPasswordForm() {
  const { client, config } = useSession();
  const { step, change } = usePasswordChange();
  const [email, setEmail] = useState('');
  const [existing, setExisting] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirmation) {
      step.setError(PASSWORDS_DIFFER);
      return;
    }
    void change(() =>
      client.passwords.resetByExistingPassword({
        email: email.trim(),
        existing_password: existing,
        new_password: password,
        session_duration_minutes: config.signIn.sessionMinutes,
      }),
    );
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Change my password">
      <Field label="E-mail">
        {(control) => (
          <TextInput
            {...control}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label="Current password">
        {(control) => (
          <TextInput
            {...control}
            type="password"
            autoComplete="current-password"
            required
            value={existing}
            onChange={(event) => setExisting(event.target.value)}
          />
        )}
      </Field>
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      <FormError message={step.error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={step.isPending}>
          {step.isPending ? 'Saving…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}

function NewPasswordFields(props: {
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
}) {
  return (
    <>
      <Field label="New password" hint="Use a long phrase that is hard to guess.">
        {(control) => (
          <TextInput
            {...control}
            type="password"
            autoComplete="new-password"
            required
            value={props.password}
            onChange={(event) => props.onPassword(event.target.value)}
          />
        )}
      </Field>
      <Field label="Repeat the new password">
        {(control) => (
          <TextInput
            {...control}
            type="password"
            autoComplete="new-password"
            required
            value={props.confirmation}
            onChange={(event) => props.onConfirmation(event.target.value)}
          />
        )}
      </Field>
    </>
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
      <Field label="E-mail">
        {(control) => (
          <TextInput
            {...control}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
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
