import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createIdentityClient } from './lib/identity-client.ts';
import { fetchRuntimeConfig } from './lib/runtime-config.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

fetchRuntimeConfig().then(
  (config) => {
    root.render(
      <StrictMode>
        <App config={config} client={createIdentityClient(config)} />
      </StrictMode>,
    );
  },
  () => {
    root.render(
      <main className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl font-bold text-navy-800">Ballast</h1>
        <p role="alert" className="mt-4 text-slate-800">
          The server could not be reached. Please reload the page.
        </p>
      </main>,
    );
  },
);
