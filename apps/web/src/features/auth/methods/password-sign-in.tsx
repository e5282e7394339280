import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field, TextInput } from '../../../components/ui/field.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { EmailField, FormError } from '../form-parts.tsx';
import { useSignInStep } from '../use-sign-in-step.ts';

export function PasswordSignIn() {
  const { client, config } = useSession();
  const step = useSignInStep();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    void step.run(() =>
      client.passwords.authenticate({
        email: email.trim(),
        password,
        session_duration_minutes: config.signIn.sessionMinutes,
      }),
    );
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Sign in with a password">
      <EmailField value={email} onChange={setEmail} />
      <Field label="Password">
        {(control) => (
          <TextInput
            {...control}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <FormError message={step.error} />
      <div className="flex items-center justify-between gap-3">
        <Link className="text-sm text-navy-700 underline" to={`${paths.resetPassword}`}>
          Forgot your password?
        </Link>
        <Button type="submit" disabled={step.isPending}>
          {step.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </div>
    </form>
  );
}
