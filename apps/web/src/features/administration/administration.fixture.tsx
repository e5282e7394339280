/** Records shaped as the api serves them, and the screen rendered as the router shows it. */
import type { Custodian, Firm, FirmUser } from '@ballast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import AdministrationPage from './administration-page.tsx';
import { FIRM_ID } from './fake-api.fixture.ts';

let sequence = 0;

export function makeFirmUser(overrides: Partial<FirmUser> = {}): FirmUser {
  sequence += 1;
  return {
    advisor: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `user${sequence}@firm.test`,
    role: 'ADVISOR',
    status: 'ACTIVE',
    signed_in: true,
    portfolio_count: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeFirm(overrides: Partial<Firm> = {}): Firm {
  return {
    id: FIRM_ID,
    name: 'Harbor Wealth',
    support_phone: '',
    support_email: '',
    has_logo: false,
    ...overrides,
  };
}

export function makeCustodian(overrides: Partial<Custodian> = {}): Custodian {
  return {
    id: '00000000-0000-4000-8000-00000000c001',
    name: 'Fidelity',
    product: '1001',
    description: 'Brokerage account',
    status: 'A',
    ...overrides,
  };
}

/** The administration screen at `path`, as the router shows it. */
export function renderAdministration(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/:section?" element={<AdministrationPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}
