import {
  type ActionState,
  getPortfolioAction,
  listActions,
  replacePortfolioAction,
} from '@ballast/contract';
import { makeDepositAction, makeQueuedAction } from '@ballast/contract/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import OperationsPage from './operations-page.tsx';

/** A stand-in for the api: one queued deposit, and what the last PUT should answer. */
const server = vi.hoisted(() => ({
  role: 'OPERATIONS',
  items: [] as unknown[],
  puts: [] as unknown[],
  conflictWith: null as string | null,
}));

vi.mock('../../lib/use-current-advisor.ts', () => ({
  useCurrentAdvisor: () => ({ isPending: false, data: { role: server.role } }),
}));

vi.mock('../../lib/session-context.tsx', () => ({
  useApi: () => ({
    request: async (route: { id: string }, input: { body?: unknown }) => {
      if (route.id === listActions.id) {
        return { count: server.items.length, next: null, previous: null, results: server.items };
      }
      if (route.id === replacePortfolioAction.id) {
        server.puts.push(input.body);
        if (server.conflictWith) {
          throw new ApiError(409, {
            type: 'client_error',
            errors: [{ code: 'request_conflict', detail: 'The action was changed.', attr: null }],
          });
        }
        return {};
      }
      if (route.id === getPortfolioAction.id) return { state: server.conflictWith };
      throw new Error(`unexpected route ${route.id}`);
    },
  }),
}));

function deposit(state: ActionState, moves: ActionState[]) {
  const created_at = new Date(Date.now() - 2 * 86_400_000).toISOString();
  return makeQueuedAction({ action: makeDepositAction({ state, created_at }), moves });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OperationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the operations queue', () => {
  beforeEach(() => {
    server.role = 'OPERATIONS';
    server.items = [deposit('PENDING', ['COMPLETED', 'FAILED', 'NEEDS-ACTION-IN-CHANNEL'])];
    server.puts = [];
    server.conflictWith = null;
  });
  afterEach(cleanup);

  it('lists a request with its client, advisor, age, history and only the moves the api allows', async () => {
    renderPage();
    const item = await screen.findByRole('listitem', { name: 'Deposit request of $1,250.50' });
    expect(within(item).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/portfolio/00000000-0000-4000-8000-000000000002',
    );
    expect(item.textContent).toContain('Grace Hopper');
    expect(item.textContent).toContain('2 days');
    expect(within(item).getByText('History (1 change)')).toBeTruthy();
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Complete', 'Fail', 'Ask the advisor in the app']);
  });

  it('says so when nothing is open, and keeps the queue from other roles', async () => {
    server.items = [];
    renderPage();
    expect(await screen.findByText(/No open requests/)).toBeTruthy();
    cleanup();
    server.role = 'ADVISOR';
    renderPage();
    expect(screen.getByText(/for operations staff and administrators/)).toBeTruthy();
  });

  it('asks for a reason before failing a request, naming client and amount', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Fail' }));
    const dialog = screen.getByRole('dialog', { name: 'Fail this request?' });
    expect(dialog.textContent).toContain('Deposit request of $1,250.50 for Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    expect(within(dialog).getByText('Please say why the request failed.')).toBeTruthy();
    expect(server.puts).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Account frozen');
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    expect(server.puts).toEqual([
      { state: 'FAILED', needs_action_payload: { instructions: 'Account frozen' } },
    ]);
  });

  it('tells the second operator that the request moved on, and its new state', async () => {
    server.conflictWith = 'COMPLETED';
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const dialog = screen.getByRole('dialog', { name: 'Complete this request?' });
    expect(dialog.textContent).toContain('queues its execution');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This request moved on before your change was made.');
    expect(alert.textContent).toContain('it is now Completed');
    expect(alert.textContent).not.toContain('409');
  });
});
