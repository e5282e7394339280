import { useState } from 'react';
import { useSession } from '../../../lib/session-context.tsx';
import { useSignInStep } from '../use-sign-in-step.ts';
import { EmailRequestForm } from './email-request-form.tsx';
import { PasscodeStep } from './passcode-step.tsx';

/** E-mails a six-digit passcode, then asks for it. */
export function EmailCodeSignIn() {
  const { client } = useSession();
  const step = useSignInStep();
  const [sent, setSent] = useState<{ to: string; methodId: string } | null>(null);

  const send = (email: string) => client.otps.email.loginOrCreate(email);

  if (sent) {
    return (
      <PasscodeStep
        sentTo={sent.to}
        methodId={sent.methodId}
        resend={() => send(sent.to)}
        onChangeDestination={() => setSent(null)}
        changeLabel="Use another address"
      />
    );
  }
  return (
    <EmailRequestForm
      label="E-mail me a passcode"
      intro="We will e-mail you a six-digit code to type here."
      submitLabel="E-mail me a code"
      isPending={step.isPending}
      error={step.error}
      onSend={(email) =>
        void step.run(async () => setSent({ to: email, methodId: (await send(email)).method_id }))
      }
    />
  );
}
