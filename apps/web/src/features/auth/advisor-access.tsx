import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-error.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session-context.tsx';
import { AuthCard } from './auth-card.tsx';

/**
 * Why the api turned the signed-in user away, if it did: `/advisors/self` answers 403 when the
 * sign-in belongs to no advisor of any firm (or to an inactive one), and then nothing in the app
 * can work for them.
 */
export function advisorAccessRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 ? error.message : null;
}

/** Shown instead of a page to someone signed in who is not an advisor: why, and the way out. */
export function NoAdvisorAccess({ reason }: { reason: string }) {
  usePageTitle('No advisor account');
  const { user } = useSession();
  const signedInAs =
    user?.emails[0]?.email ??
    user?.phone_numbers[0]?.phone_number ??
    user?.crypto_wallets[0]?.crypto_wallet_address;
  return (
    <AuthCard title="No advisor account">
      <div className="space-y-4 text-sm text-slate-800">
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {reason}
        </p>
        <p>
          {signedInAs ? (
            <>
              You are signed in as <strong className="break-all">{signedInAs}</strong>, which
              Ballast does not know as an advisor.
            </>
          ) : (
            'Ballast does not know this sign-in as an advisor.'
          )}{' '}
          Log out and sign in with the e-mail address your firm registered for you, or ask your
          firm's administrator to add you.
        </p>
        <div className="flex justify-end">
          <Link
            to={paths.logout}
            className="rounded-md bg-navy-700 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-800"
          >
            Log out
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
