import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, TextInput } from '../../../components/ui/field.tsx';
import { useSession } from '../../../lib/session-context.tsx';
import { FormError } from '../form-parts.tsx';
import { useSignInStep } from '../use-sign-in-step.ts';
import { PasscodeStep } from './passcode-step.tsx';
import { PHONE_NUMBER_INVALID, toE164 } from './phone-number.ts';

/** Texts a six-digit passcode to the mobile number on the account, then asks for it. */
export function SmsCodeSignIn() {
  const { client } = useSession();
  const step = useSignInStep();
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<{ to: string; methodId: string } | null>(null);

  const send = (e164: string) => client.otps.sms.loginOrCreate(e164);

  function submit(event: FormEvent) {
    event.preventDefault();
    const e164 = toE164(phone);
    if (!e164) {
      step.setError(PHONE_NUMBER_INVALID);
      return;
    }
    void step.run(async () => setSent({ to: e164, methodId: (await send(e164)).method_id }));
  }

  if (sent) {
    return (
      <PasscodeStep
        sentTo={sent.to}
        methodId={sent.methodId}
        resend={() => send(sent.to)}
        onChangeDestination={() => setSent(null)}
        changeLabel="Use another number"
      />
    );
  }
  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Text me a passcode">
      <p className="text-sm text-slate-700">
        We will text a six-digit code to the mobile number on your account.
      </p>
      <Field label="Mobile number" hint="US numbers need no country code.">
        {(control) => (
          <TextInput
            {...control}
            type="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        )}
      </Field>
      <FormError message={step.error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={step.isPending}>
          {step.isPending ? 'Sending…' : 'Text me a code'}
        </Button>
      </div>
    </form>
  );
}
