import { useSession } from '../../../lib/session-context.tsx';
import { MethodButton } from './method-button.tsx';

/** Signs in with a passkey the browser or a security key holds for this site. */
export function PasskeySignIn({ label }: { label: string }) {
  const { client, config } = useSession();
  return (
    <MethodButton
      label={label}
      pendingLabel="Waiting for your passkey…"
      signIn={() =>
        client.webauthn.authenticate({
          // A passkey belongs to the host it was made on (decision 006).
          domain: window.location.hostname,
          session_duration_minutes: config.signIn.sessionMinutes,
        })
      }
    />
  );
}
