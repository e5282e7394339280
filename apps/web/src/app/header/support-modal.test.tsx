import { getFirm, getSelfAdvisor, listCustodians } from '@ballast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFirm } from '../../features/administration/administration.fixture.tsx';
import { SupportModal } from './support-modal.tsx';

/** The api as the modal meets it: the signed-in user's firm, and its custodians. */
const server = vi.hoisted(() => ({ firm: null as unknown, isAuthenticated: true }));

vi.mock('../../lib/session-context.tsx', () => ({
  useSession: () => ({
    isAuthenticated: server.isAuthenticated,
    config: { support: { phone: '(800)-555-0100', email: 'support@ballast.localhost' } },
    api: {
      request: async (route: { id: string }) => {
        if (route.id === getSelfAdvisor.id) return { firm_id: makeFirm().id, role: 'ADVISOR' };
        if (route.id === getFirm.id) return server.firm;
        if (route.id === listCustodians.id) return [];
        throw new Error(`unexpected route ${route.id}`);
      },
    },
  }),
}));

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SupportModal open onOpenChange={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Support' });
}

describe('the support modal’s contacts (decision 022)', () => {
  beforeEach(() => {
    server.isAuthenticated = true;
    server.firm = makeFirm({});
  });
  afterEach(cleanup);

  it('shows the firm’s own phone and e-mail to its signed-in users', async () => {
    server.firm = makeFirm({ support_phone: '+1 212 555 0199', support_email: 'help@harbor.test' });
    const dialog = renderModal();
    const phone = await within(dialog).findByRole('link', { name: '+1 212 555 0199' });
    expect(phone.getAttribute('href')).toBe('tel:+12125550199');
    expect(
      within(dialog).getByRole('link', { name: 'help@harbor.test' }).getAttribute('href'),
    ).toBe('mailto:help@harbor.test');
  });

  it('falls back to the installation’s contacts for each one the firm has not set', async () => {
    server.firm = makeFirm({ support_email: 'help@harbor.test' });
    const dialog = renderModal();
    await within(dialog).findByRole('link', { name: 'help@harbor.test' });
    expect(within(dialog).getByRole('link', { name: '(800)-555-0100' })).toBeTruthy();
  });

  it('shows the installation’s contacts when signed out', () => {
    server.isAuthenticated = false;
    server.firm = makeFirm({ support_email: 'help@harbor.test' });
    const dialog = renderModal();
    expect(within(dialog).getByRole('link', { name: 'support@ballast.localhost' })).toBeTruthy();
  });
});
