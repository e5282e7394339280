import { listFirmUsers, listStrategyCatalogue } from '@ballast/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdministration } from './administration.fixture.tsx';
import { answer, callsOf, resetFakeApi } from './fake-api.fixture.ts';

vi.mock('../../lib/session-context.tsx', () => import('./fake-api.fixture.ts'));

describe('the administration screen', () => {
  afterEach(cleanup);

  it('keeps itself from the roles that run nothing of the firm, asking the api nothing', async () => {
    for (const role of ['ADVISOR', 'MANAGER', 'OPERATIONS'] as const) {
      resetFakeApi(role);
      renderAdministration('/admin/users');
      expect(
        await screen.findByText('Firm administration is for the firm’s administrators.'),
      ).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
      expect(callsOf(listFirmUsers)).toEqual([]);
      cleanup();
    }
  });

  it('leads from /admin to its first section, marks the current one, and titles the page', async () => {
    resetFakeApi();
    answer(listFirmUsers, () => []);
    renderAdministration('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('Users');
    expect(document.title).toBe('Administration: Users | Ballast');
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
  });

  it('gives the CIO the strategy catalogue and nothing else (decision 022)', async () => {
    resetFakeApi('CIO');
    answer(listStrategyCatalogue, () => []);
    renderAdministration('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(Array.from(nav.querySelectorAll('a'), (link) => link.textContent)).toEqual([
      'Strategy catalogue',
    ]);
    expect(await screen.findByRole('heading', { name: 'Strategy catalogue' })).toBeTruthy();
    cleanup();
    renderAdministration('/admin/users');
    expect(await screen.findByText('This page does not exist.')).toBeTruthy();
    expect(callsOf(listFirmUsers)).toEqual([]);
  });

  it('answers an unknown section as a page that does not exist', async () => {
    resetFakeApi();
    renderAdministration('/admin/nothing-here');
    expect(await screen.findByText('This page does not exist.')).toBeTruthy();
    expect(document.title).toBe('Page not found | Ballast');
  });
});
