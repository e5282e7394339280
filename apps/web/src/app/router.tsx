import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { DefaultLayout, WorkspaceLayout } from './layouts.tsx';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';

/** A route module loaded on first visit, so the login screen does not carry every screen's code. */
function page(load: () => Promise<{ default: ComponentType }>, guarded = true) {
  return async () => {
    const { default: Page } = await load();
    return {
      Component: guarded
        ? () => (
            <RequireSession>
              <Page />
            </RequireSession>
          )
        : Page,
    };
  };
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <DefaultLayout />,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              lazy: page(() => import('../features/portfolios/portfolio-list-page.tsx')),
            },
            {
              path: 'auth/login',
              lazy: page(() => import('../features/auth/routes/login.tsx'), false),
            },
            {
              path: 'auth/logout',
              lazy: page(() => import('../features/auth/routes/logout.tsx'), false),
            },
            {
              path: 'auth/reset-password',
              lazy: page(() => import('../features/auth/routes/reset-password.tsx'), false),
            },
            {
              path: 'auth/set-up',
              lazy: page(() => import('../features/auth/routes/set-up-sign-in.tsx'), false),
            },
            { path: 'monitor', lazy: page(() => import('../features/monitor/monitor-page.tsx')) },
            {
              path: 'operations',
              lazy: page(() => import('../features/operations/operations-page.tsx')),
            },
            {
              path: 'admin/:section?',
              lazy: page(() => import('../features/administration/administration-page.tsx')),
            },
            {
              path: 'onboarding',
              lazy: page(() => import('../features/onboarding/onboarding-page.tsx')),
            },
            {
              path: 'onboarding/:portfolioId/:step?',
              lazy: page(() => import('../features/onboarding/onboarding-page.tsx')),
            },
            {
              path: 'portfolio/:portfolioId',
              lazy: page(() => import('../features/portfolio-detail/portfolio-detail-page.tsx')),
            },
            { path: '*', lazy: page(() => import('./not-found-page.tsx'), false) },
          ],
        },
      ],
    },
    {
      element: <WorkspaceLayout />,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            {
              path: 'portfolio/build',
              lazy: page(() => import('../features/build/build-page.tsx')),
            },
            {
              path: 'portfolio/compare',
              lazy: page(() => import('../features/compare/compare-page.tsx')),
            },
          ],
        },
      ],
    },
  ]);
}
