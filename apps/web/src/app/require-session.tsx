import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { advisorAccessRefusal, NoAdvisorAccess } from '../features/auth/advisor-access.tsx';
import { useSession } from '../lib/session-context.tsx';
import { useCurrentAdvisor } from '../lib/use-current-advisor.ts';

/**
 * Sends anyone without a complete session to the login screen, remembering where they were, and
 * tells someone signed in who is no advisor why no page will work for them.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const refusal = advisorAccessRefusal(useCurrentAdvisor().error);
  if (!isAuthenticated) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate replace to={`${paths.login}?next=${encodeURIComponent(next)}`} />;
  }
  if (refusal) return <NoAdvisorAccess reason={refusal} />;
  return children;
}
