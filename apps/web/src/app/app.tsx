import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ApiError } from '../lib/api-error.ts';
import type { IdentityClient } from '../lib/identity-client.ts';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import { SessionProvider } from '../lib/session-context.tsx';
import { createRouter } from './router.tsx';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An answer of 4xx will not change by asking again; network trouble and 5xx might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function App({ config, client }: { config: RuntimeConfig; client: IdentityClient }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider config={config} client={client}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
