import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextInput } from '../../components/ui/field.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session-context.tsx';
import { AuthCard } from './auth-card.tsx';
import { FormError } from './form-parts.tsx';
import { useSignInStep } from './use-sign-in-step.ts';

// Long enough to find the app and scan; the identity service allows up to a day.
const ENROLMENT_MINUTES = 15;

type Enrolment = { secret: string; qrCode: string; recoveryCodes: string[] };

/**
 * Shown instead of a page when the firm's sign-in policy asks the user's role for an
 * authenticator code and their session has none (decision 023): they add an authenticator app,
 * keep its recovery codes, and prove it with a first code, which completes this session.
 */
export function AuthenticatorSetup({ reason }: { reason: string }) {
  usePageTitle('Set up an authenticator');
  const { client, config, logout } = useSession();
  const queryClient = useQueryClient();
  const step = useSignInStep();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');

  function start() {
    void step.run(async () => {
      const created = await client.totps.create({ expiration_minutes: ENROLMENT_MINUTES });
      setEnrolment({
        secret: created.secret,
        qrCode: created.qr_code,
        recoveryCodes: created.recovery_codes,
      });
    });
  }

  function prove(event: FormEvent) {
    event.preventDefault();
    void step
      .run(() =>
        client.totps.authenticate({
          totp_code: code.trim(),
          session_duration_minutes: config.signIn.sessionMinutes,
        }),
      )
      .then((proved) => {
        if (proved) void queryClient.invalidateQueries({ queryKey: queryKeys.currentAdvisor });
      });
  }

  return (
    <AuthCard title="Set up an authenticator">
      <div className="space-y-4 text-sm text-slate-800">
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {reason}
        </p>
        {enrolment === null ? (
          <>
            <p>
              An authenticator app on your phone (such as Google Authenticator, Microsoft
              Authenticator or 1Password) shows a new six-digit code every 30 seconds. Ballast will
              ask for it each time you sign in.
            </p>
            <FormError message={step.error} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => void logout()}>
                Log out
              </Button>
              <Button onClick={start} disabled={step.isPending}>
                {step.isPending ? 'Preparing…' : 'Set up an authenticator'}
              </Button>
            </div>
          </>
        ) : (
          <form className="space-y-4" onSubmit={prove} aria-label="Authenticator setup">
            <ol className="list-decimal space-y-3 pl-5">
              <li>
                Scan this code with the app, or type the key below into it.
                <img
                  src={enrolment.qrCode}
                  alt="QR code to add Ballast to an authenticator app"
                  className="mt-2 h-44 w-44 border border-slate-200"
                />
                <p className="mt-1">
                  Key:{' '}
                  <code className="break-all font-mono text-slate-900">{enrolment.secret}</code>
                </p>
              </li>
              <li>
                Keep these recovery codes somewhere safe. Each one signs you in once if you lose the
                phone; they are not shown again.
                <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono">
                  {enrolment.recoveryCodes.map((recovery) => (
                    <li key={recovery}>{recovery}</li>
                  ))}
                </ul>
              </li>
              <li>Enter the code the app shows now.</li>
            </ol>
            <Field label="Authenticator code">
              {(control) => (
                <TextInput
                  {...control}
                  required
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              )}
            </Field>
            <FormError message={step.error} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => void logout()}>
                Log out
              </Button>
              <Button type="submit" disabled={step.isPending}>
                {step.isPending ? 'Checking…' : 'Finish setting up'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </AuthCard>
  );
}
