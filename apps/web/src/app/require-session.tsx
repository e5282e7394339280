import { SECOND_FACTOR_REQUIRED } from '@ballast/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { advisorAccessRefusal, NoAdvisorAccess } from '../features/auth/advisor-access.tsx';
import { AuthenticatorSetup } from '../features/auth/authenticator-setup.tsx';
import { useSession } from '../lib/session-context.tsx';
import { useCurrentAdvisor } from '../lib/use-current-advisor.ts';

/**
 * Sends anyone without a complete session to the login screen, remembering where they were,
 * asks for an authenticator where the firm's policy wants one, and tells someone signed in who is
 * no advisor why no page will work for them.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const refusal = advisorAccessRefusal(useCurrentAdvisor().error);
  if (!isAuthenticated) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate replace to={`${paths.login}?next=${encodeURIComponent(next)}`} />;
  }
  if (refusal === SECOND_FACTOR_REQUIRED) return <AuthenticatorSetup reason={refusal} />;
  if (refusal) return <NoAdvisorAccess reason={refusal} />;
  return children;
}
