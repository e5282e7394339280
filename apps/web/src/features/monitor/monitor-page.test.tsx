import {
  listActions,
  listPortfolioAlerts,
  listPortfolios,
  submitPortfolioActionResponse,
} from '@ballast/contract';
import { makeDepositAction, makeQueuedAction } from '@ballast/contract/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MonitorPage from './monitor-page.tsx';
import { makeAlert, makePortfolioItem } from './monitor-rows.fixture.ts';

/** A stand-in for the api's three reads and the answer to a request. */
const server = vi.hoisted(() => ({
  requests: [] as unknown[],
  portfolios: [] as unknown[],
  alerts: [] as unknown[],
  answers: [] as { params: unknown; body: unknown }[],
}));

vi.mock('../../lib/use-current-advisor.ts', () => ({
  useCurrentAdvisor: () => ({ isPending: false, data: { role: 'ADVISOR' } }),
}));

vi.mock('../../lib/session-context.tsx', () => ({
  useApi: () => ({
    request: async (route: { id: string }, input: { params?: unknown; body?: unknown }) => {
      if (route.id === listActions.id) {
        return {
          count: server.requests.length,
          next: null,
          previous: null,
          results: server.requests,
        };
      }
      if (route.id === listPortfolios.id) {
        return { portfolios: server.portfolios, aum: 0, avg_aum: 0, number_of_portfolios: 0 };
      }
      if (route.id === listPortfolioAlerts.id) {
        return { as_of: '2026-11-26', alerts: server.alerts };
      }
      if (route.id === submitPortfolioActionResponse.id) {
        server.answers.push({ params: input.params, body: input.body });
        return makeDepositAction({ state: 'SUBMITTED' });
      }
      throw new Error(`unexpected route ${route.id}`);
    },
  }),
}));

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

function renderPage(at = '/monitor') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <MonitorPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const asking = makeQueuedAction({
  action: makeDepositAction({
    state: 'NEEDS-ACTION-IN-CHANNEL',
    needs_action_payload: { instructions: 'Which bank?' },
  }),
});

describe('the monitor', () => {
  beforeEach(() => {
    server.requests = [asking];
    server.portfolios = [makePortfolioItem()];
    server.alerts = [makeAlert()];
    server.answers = [];
  });
  afterEach(cleanup);

  it('counts each category and shows every one', async () => {
    renderPage();
    const counts = await screen.findByRole('list', { name: 'Counts per category' });
    expect(
      within(counts)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      '1Needs you',
      '0Submitted or pending',
      '0Failed',
      '1Needs action or incomplete',
      '0Do-not-trade',
      '1Alerts',
    ]);
    expect(screen.getByRole('heading', { name: 'Alerts (1)' })).toBeTruthy();
    expect(screen.getByText(makeAlert().reason)).toBeTruthy();
  });

  it('shows only the status in the address, and writes a chosen filter to it', async () => {
    const user = renderPage('/monitor?status=alerts');
    await screen.findByRole('heading', { name: 'Alerts (1)' });
    expect(screen.queryByRole('heading', { name: /^Needs you/ })).toBeNull();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('alerts');

    await user.selectOptions(screen.getByLabelText('Advisor'), 'Grace Hopper');
    expect(screen.getByLabelText('address').textContent).toBe(
      '?advisor=Grace+Hopper&status=alerts',
    );
    // The alert is Katherine Johnson's, so nothing of Grace Hopper's is an alert.
    expect(await screen.findByRole('heading', { name: 'Alerts (0)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('address').textContent).toBe('');
  });

  it("answers an in-channel request with its payload as it stands and the advisor's answer", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Respond/ }));
    const dialog = screen.getByRole('dialog', { name: 'Respond: deposit request' });
    expect(dialog.textContent).toContain('Which bank?');
    await user.click(within(dialog).getByRole('button', { name: 'Send response' }));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    expect(server.answers).toEqual([]);

    await user.type(within(dialog).getByLabelText('Your answer'), '  First National  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send response' }));
    expect(server.answers).toEqual([
      {
        params: {
          id: '00000000-0000-4000-8000-000000000002',
          action_id: '00000000-0000-4000-8000-000000000001',
        },
        body: {
          action_type: 'REQUEST-DEPOSIT',
          action_payload: { cash: 1250.5 },
          needs_action_payload: { instructions: 'First National' },
        },
      },
    ]);
  });
});
