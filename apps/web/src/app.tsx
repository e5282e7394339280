import { useEffect, useState } from 'react';
import { fetchRuntimeConfig, type RuntimeConfig } from './runtime-config.ts';
import { PRODUCT_NAME, usePageTitle } from './use-page-title.ts';

type ConfigState =
  | { status: 'loading' }
  | { status: 'ready'; config: RuntimeConfig }
  | { status: 'error' };

export function App() {
  usePageTitle('Home');
  const [state, setState] = useState<ConfigState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchRuntimeConfig(controller.signal)
      .then((config) => setState({ status: 'ready', config }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, []);

  return (
    <div className="layout">
      <header className="header">
        <a className="brand" href="/">
          {PRODUCT_NAME}
        </a>
        <nav aria-label="Account">
          <a className="login-link" href="/auth/login">
            Login
          </a>
        </nav>
      </header>
      <main className="main">
        <h1>Portfolios</h1>
        {state.status === 'loading' && <p aria-busy="true">Connecting…</p>}
        {state.status === 'error' && (
          <p role="alert">The server could not be reached. Please reload the page.</p>
        )}
        {state.status === 'ready' && <p>Sign in to see the portfolios you advise.</p>}
      </main>
      <section className="toasts" aria-live="polite" aria-label="Notifications" />
    </div>
  );
}
