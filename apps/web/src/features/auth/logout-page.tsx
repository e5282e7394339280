import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session-context.tsx';

/** Product §4: logout revokes the session, clears cached data and goes to /auth/login. */
export function LogoutPage() {
  usePageTitle('Logout');
  const { logout } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void logout().then(() => {
      if (active) navigate(paths.login, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [logout, navigate]);
  return <p role="status">Signing you out…</p>;
}
