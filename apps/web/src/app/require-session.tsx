import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { useSession } from '../features/auth/session-context.tsx';

/** Sends anyone without a complete session to the login screen, remembering where they were. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate replace to={`${paths.login}?next=${encodeURIComponent(next)}`} />;
  }
  return children;
}
