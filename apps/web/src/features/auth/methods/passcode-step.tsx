import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, TextInput } from '../../../components/ui/field.tsx';
import { useSession } from '../../../lib/session-context.tsx';
import { FormError, FormNotice } from '../form-parts.tsx';
import { useSignInStep } from '../use-sign-in-step.ts';

/**
 * The second step of a one-time passcode sign-in, by e-mail or text message: the code that was
 * sent, or a new one. Each send answers a new method_id and cancels the code sent before, so
 * the code is always checked against the latest.
 */
export function PasscodeStep(props: {
  sentTo: string;
  methodId: string;
  resend(): Promise<{ method_id: string }>;
  onChangeDestination(): void;
  changeLabel: string;
}) {
  const { client, config } = useSession();
  const step = useSignInStep();
  const [methodId, setMethodId] = useState(props.methodId);
  const [code, setCode] = useState('');
  const [resentCount, setResentCount] = useState(0);

  function submit(event: FormEvent) {
    event.preventDefault();
    void step.run(() =>
      client.otps.authenticate(code.trim(), methodId, {
        session_duration_minutes: config.signIn.sessionMinutes,
      }),
    );
  }

  async function resend() {
    const sent = await step.run(async () => setMethodId((await props.resend()).method_id));
    if (sent) {
      setCode('');
      setResentCount((count) => count + 1);
    }
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Enter the passcode">
      <FormNotice>
        {resentCount === 0
          ? `We sent a six-digit code to ${props.sentTo}. It works for a few minutes.`
          : `We sent a new code to ${props.sentTo}; the one before no longer works.`}
      </FormNotice>
      <Field label="Passcode">
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <button
            type="button"
            className="text-sm text-navy-700 underline disabled:text-slate-500"
            disabled={step.isPending}
            onClick={() => void resend()}
          >
            Send a new code
          </button>
          <button
            type="button"
            className="text-sm text-navy-700 underline"
            onClick={props.onChangeDestination}
          >
            {props.changeLabel}
          </button>
        </div>
        <Button type="submit" className="ml-auto" disabled={step.isPending}>
          {step.isPending ? 'Checking…' : 'Sign in'}
        </Button>
      </div>
    </form>
  );
}
