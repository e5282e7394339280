import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session-context.tsx';
import { AuthCard } from './auth-card.tsx';
import { LinkLanding, readLandingToken } from './link-landing.tsx';
import {
  currentSignInEnvironment,
  type SignInMethod,
  signInMethods,
} from './methods/sign-in-methods.ts';
import { SecondFactor } from './second-factor.tsx';

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
  const methods = useMemo(() => signInMethods(config, currentSignInEnvironment()), [config]);

  if (landing) return <LinkLanding token={landing} />;
  if (isAuthenticated) return <Navigate replace to={safeNext(search.get('next'))} />;
  return (
    <AuthCard title={isAwaitingSecondFactor ? 'Confirm it is you' : 'Sign in to Ballast'}>
      {isAwaitingSecondFactor ? <SecondFactor /> : <SignInMethods methods={methods} />}
    </AuthCard>
  );
}

function SignInMethods({ methods }: { methods: SignInMethod[] }) {
  const tabs = methods.filter((method) => method.placement === 'tab');
  const buttons = methods.filter((method) => method.placement === 'button');
  return (
    <div>
      <MethodTabs methods={tabs} />
      {buttons.length > 0 && (
        <section aria-label="Other ways to sign in" className="mt-6">
          <p className="mb-4 flex items-center gap-3 text-xs font-semibold uppercase text-slate-600 before:h-px before:flex-1 before:bg-slate-300 after:h-px after:flex-1 after:bg-slate-300">
            or
          </p>
          <ul className="space-y-3">
            {buttons.map((method) => (
              <li key={method.id}>{method.render()}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * The methods with a form, as tabs in the WAI-ARIA pattern: one tab stop, arrow keys, Home and
 * End move between tabs, and the tab that has focus is the one shown.
 */
function MethodTabs({ methods }: { methods: SignInMethod[] }) {
  const [selected, setSelected] = useState(methods[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const current = methods.find((method) => method.id === selected) ?? methods[0];
  if (!current) return null;
  const currentIndex = methods.indexOf(current);

  function select(index: number) {
    const method = methods[(index + methods.length) % methods.length];
    if (!method) return;
    setSelected(method.id);
    tabRefs.current.get(method.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: currentIndex + 1,
      ArrowLeft: currentIndex - 1,
      Home: 0,
      End: methods.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div>
      {methods.length > 1 && (
        <div
          role="tablist"
          aria-label="Ways to sign in"
          className="mb-5 flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
          onKeyDown={onKeyDown}
        >
          {methods.map((method) => (
            <button
              key={method.id}
              ref={(element) => {
                if (element) tabRefs.current.set(method.id, element);
                else tabRefs.current.delete(method.id);
              }}
              id={`tab-${method.id}`}
              type="button"
              role="tab"
              tabIndex={method.id === current.id ? 0 : -1}
              aria-selected={method.id === current.id}
              aria-controls={`panel-${method.id}`}
              className="flex-auto whitespace-nowrap rounded-md px-2 py-1.5 text-sm font-semibold text-navy-700 hover:bg-white aria-selected:bg-navy-700 aria-selected:text-white"
              onClick={() => setSelected(method.id)}
            >
              {method.label}
            </button>
          ))}
        </div>
      )}
      {/* Named in words of its own, not by its tab: a panel called just "Password" would share
          its name with the password field inside it. */}
      <div role="tabpanel" id={`panel-${current.id}`} aria-label={`${current.label} sign-in`}>
        {current.render()}
      </div>
    </div>
  );
}
