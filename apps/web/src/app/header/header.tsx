import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { PRODUCT_NAME, paths } from '../../config/paths.ts';
import { advisorAccessRefusal } from '../../features/auth/advisor-access.tsx';
import { SettingsModal } from '../../features/settings/settings-modal.tsx';
import { isOperator, runsAdministration } from '../../lib/roles.ts';
import { useSession } from '../../lib/session-context.tsx';
import { useCurrentAdvisor } from '../../lib/use-current-advisor.ts';
import { AccountMenu } from './account-menu.tsx';
import { FirmLogo } from './firm-logo.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { SupportModal } from './support-modal.tsx';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-3 py-1.5 text-sm font-semibold ${isActive ? 'bg-white/15 text-white' : 'text-navy-100 hover:text-white'}`;

/** Product §2: the header, logged in (nav, logo, account menu) or logged out (one Login link). */
export function Header() {
  const { isAuthenticated, isAwaitingSecondFactor } = useSession();
  const advisor = useCurrentAdvisor();
  // Signed in, but not as an advisor: nothing in the nav would work, only leaving does.
  const isRefused = isAuthenticated && advisorAccessRefusal(advisor.error) !== null;
  const isAdvisor = isAuthenticated && !isRefused;
  const showsQueue = isAdvisor && isOperator(advisor.data?.role);
  const showsAdministration = isAdvisor && runsAdministration(advisor.data?.role);
  const [supportOpen, setSupportOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Settings opens from a menu item that is gone by the time the modal closes.
  const accountMenu = useRef<HTMLButtonElement>(null);

  return (
    // The page's blue focus outline barely shows on navy (under 2:1); gold stands out at 7:1.
    <header className="bg-navy-700 text-white [&_:focus-visible]:outline-gold-400">
      {isAuthenticated && <ImpersonationBanner />}
      <div className="flex flex-wrap items-center gap-4 px-4 py-3 sm:px-6">
        <Link to={paths.home} className="text-xl font-bold tracking-wide text-white">
          {PRODUCT_NAME}
        </Link>
        {isAdvisor && <FirmLogo firmId={advisor.data?.firm_id} />}
        <nav aria-label="Main" className="ml-auto flex items-center gap-2">
          {isRefused && (
            <Link
              className="rounded-md bg-gold-400 px-3 py-1.5 text-sm font-semibold text-navy-900"
              to={paths.logout}
            >
              Logout
            </Link>
          )}
          {isAdvisor && (
            <>
              <NavLink className={navLinkClass} to={paths.compare}>
                Compare
              </NavLink>
              <NavLink className={navLinkClass} to={paths.build}>
                Build
              </NavLink>
              <NavLink className={navLinkClass} to={paths.monitor}>
                Monitor
              </NavLink>
              {showsQueue && (
                <NavLink className={navLinkClass} to={paths.operations}>
                  Operations
                </NavLink>
              )}
              {showsAdministration && (
                <NavLink className={navLinkClass} to={paths.admin()}>
                  Administration
                </NavLink>
              )}
            </>
          )}
          {!isAuthenticated && (
            // A session that proved a first factor but still owes the second is ended first,
            // so that signing in starts afresh (product §2).
            <Link
              className="rounded-md bg-gold-400 px-3 py-1.5 text-sm font-semibold text-navy-900"
              to={isAwaitingSecondFactor ? paths.logout : paths.login}
            >
              Login
            </Link>
          )}
          <button
            type="button"
            className="rounded px-3 py-1.5 text-sm font-semibold text-navy-100 hover:text-white"
            onClick={() => setSupportOpen(true)}
          >
            Support
          </button>
          {isAdvisor && (
            <AccountMenu
              advisor={advisor.data}
              onOpenSettings={() => setSettingsOpen(true)}
              triggerRef={accountMenu}
            />
          )}
        </nav>
      </div>
      <SupportModal open={supportOpen} onOpenChange={setSupportOpen} />
      {advisor.data && (
        <SettingsModal
          advisor={advisor.data}
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          returnFocus={() => accountMenu.current}
        />
      )}
    </header>
  );
}
