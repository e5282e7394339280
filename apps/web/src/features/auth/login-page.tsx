import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { AuthCard } from './auth-card.tsx';
import { LinkLanding, readLandingToken } from './link-landing.tsx';
import { signInMethods } from './methods/sign-in-methods.ts';
import { SecondFactor } from './second-factor.tsx';
import { useSession } from './session-context.tsx';

/** Where to go after signing in: the page that sent the user here, if it is one of ours. */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/auth')
    ? next
    : paths.home;
}

export function LoginPage() {
  usePageTitle('Login');
  const { config, isAuthenticated, isAwaitingSecondFactor } = useSession();
  const [search] = useSearchParams();
  const landing = readLandingToken(search);

  if (landing) return <LinkLanding token={landing} />;
  if (isAuthenticated) return <Navigate replace to={safeNext(search.get('next'))} />;
  return (
    <AuthCard title={isAwaitingSecondFactor ? 'Confirm it is you' : 'Sign in to Ballast'}>
      {isAwaitingSecondFactor ? <SecondFactor /> : <MethodTabs methods={signInMethods(config)} />}
    </AuthCard>
  );
}

function MethodTabs({ methods }: { methods: ReturnType<typeof signInMethods> }) {
  const [selected, setSelected] = useState(methods[0]?.id);
  const current = methods.find((method) => method.id === selected) ?? methods[0];
  return (
    <div>
      {methods.length > 1 && (
        <div role="tablist" aria-label="Ways to sign in" className="mb-5 flex flex-wrap gap-1">
          {methods.map((method) => (
            <button
              key={method.id}
              id={`tab-${method.id}`}
              type="button"
              role="tab"
              aria-selected={method.id === current?.id}
              aria-controls={`panel-${method.id}`}
              className="rounded-md px-3 py-1.5 text-sm font-semibold text-navy-700 aria-selected:bg-navy-700 aria-selected:text-white"
              onClick={() => setSelected(method.id)}
            >
              {method.label}
            </button>
          ))}
        </div>
      )}
      {current && (
        <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`}>
          <current.Component />
        </div>
      )}
    </div>
  );
}
