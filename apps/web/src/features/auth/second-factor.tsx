import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextInput } from '../../components/ui/field.tsx';
import { useSession } from '../../lib/session-context.tsx';
import { FormError } from './form-parts.tsx';
import { useSignInStep } from './use-sign-in-step.ts';

/** The second step for a user with an authenticator: its six-digit code, or a recovery code. */
export function SecondFactor() {
  const { client, config, logout } = useSession();
  const step = useSignInStep();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const session_duration_minutes = config.signIn.sessionMinutes;
    void step.run(() =>
      useRecovery
        ? client.totps.recover({ recovery_code: code.trim(), session_duration_minutes })
        : client.totps.authenticate({ totp_code: code.trim(), session_duration_minutes }),
    );
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Second factor">
      <h2 className="text-lg font-semibold text-navy-800">
        {useRecovery ? 'Enter a recovery code' : 'Enter your authenticator code'}
      </h2>
      <p className="text-sm text-slate-700">
        {useRecovery
          ? 'Each recovery code works once.'
          : 'Open your authenticator app and enter the six-digit code it shows for Ballast.'}
      </p>
      <Field label={useRecovery ? 'Recovery code' : 'Authenticator code'}>
        {(control) => (
          <TextInput
            {...control}
            required
            autoComplete="one-time-code"
            inputMode={useRecovery ? 'text' : 'numeric'}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <FormError message={step.error} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className="text-sm text-navy-700 underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            step.setError(null);
          }}
        >
          {useRecovery ? 'Use the authenticator code instead' : 'Use a recovery code instead'}
        </button>
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={() => void logout()}>
            Cancel
          </Button>
          <Button type="submit" disabled={step.isPending}>
            {step.isPending ? 'Checking…' : 'Continue'}
          </Button>
        </div>
      </div>
    </form>
  );
}
