import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { FormNotice } from '../form-parts.tsx';
import { useSignInStep } from '../use-sign-in-step.ts';
import { EmailRequestForm } from './email-request-form.tsx';

/** E-mails a one-time sign-in link that opens the login page, where link-landing redeems it. */
export function MagicLinkSignIn() {
  const { client } = useSession();
  const step = useSignInStep();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(email: string) {
    const landing = `${window.location.origin}${paths.login}`;
    const sent = await step.run(() =>
      client.magicLinks.email.loginOrCreate(email, {
        login_magic_link_url: landing,
        signup_magic_link_url: landing,
      }),
    );
    if (sent) setSentTo(email);
  }

  if (sentTo) {
    return (
      <div className="space-y-4">
        <FormNotice>
          Check your e-mail: a sign-in link is on its way to {sentTo}. Open it to continue.
        </FormNotice>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            Use another address
          </Button>
        </div>
      </div>
    );
  }
  return (
    <EmailRequestForm
      label="E-mail me a sign-in link"
      intro="We will e-mail you a link that signs you in, with no password to type."
      submitLabel="E-mail me a link"
      isPending={step.isPending}
      error={step.error}
      onSend={(email) => void send(email)}
    />
  );
}
