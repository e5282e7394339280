import { useSession } from '../../lib/session-context.tsx';
import { useCurrentAdvisor } from '../../lib/use-current-advisor.ts';

type ImpersonatedFactor = {
  type?: string;
  impersonated_factor?: { impersonator_email_address?: string };
};

/** Tells an administrator, on every page, whose account they are using. */
export function ImpersonationBanner() {
  const { isImpersonated, user, session } = useSession();
  // The firm's own record names the advisor; a sign-in made from an e-mailed link has no name.
  const advisor = useCurrentAdvisor().data;
  if (!isImpersonated || !user) return null;
  const name = (
    advisor
      ? `${advisor.first_name} ${advisor.last_name}`
      : `${user.name.first_name} ${user.name.last_name}`
  ).trim();
  const email = advisor?.email ?? user.emails[0]?.email ?? '';
  const factor = (session?.authentication_factors as ImpersonatedFactor[] | undefined)?.find(
    (entry) => entry.type === 'impersonated',
  );
  const by = factor?.impersonated_factor?.impersonator_email_address;
  return (
    <p
      role="status"
      className="bg-gold-400 px-4 py-1.5 text-center text-sm font-semibold text-navy-900"
    >
      Impersonating {name || email}
      {name && email ? ` (${email})` : ''}
      {by ? `, signed in by ${by}` : ''}
    </p>
  );
}
