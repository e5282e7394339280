import { type Custodian, changeCustodian, listCustodians } from '@ballast/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustodian, renderAdministration } from './administration.fixture.tsx';
import { answer, callsOf, resetFakeApi } from './fake-api.fixture.ts';

vi.mock('../../lib/session-context.tsx', () => import('./fake-api.fixture.ts'));
vi.mock('../../components/toast/notify.tsx', () => ({ notify: () => undefined }));

let custodians: Custodian[];

describe('the custodians section', () => {
  beforeEach(() => {
    resetFakeApi();
    custodians = [
      makeCustodian(),
      makeCustodian({
        id: '00000000-0000-4000-8000-00000000c002',
        name: 'Schwab',
        product: '2002',
      }),
    ];
    answer(listCustodians, () => custodians);
    answer(changeCustodian, ({ params, body }) => {
      custodians = custodians.map((custodian) =>
        custodian.id === params?.id ? { ...custodian, ...(body as Partial<Custodian>) } : custodian,
      );
      return custodians.find((custodian) => custodian.id === params?.id);
    });
  });
  afterEach(cleanup);

  it('lists every custodian, active or not, and sets one inactive', async () => {
    const user = renderAdministration('/admin/custodians');
    await screen.findByRole('rowheader', { name: 'Schwab' });
    // All of them: the list is not filtered by status.
    expect(callsOf(listCustodians)[0]?.query).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Edit Schwab' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Schwab' });
    expect(dialog.textContent).toContain('not offered for new accounts');
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.type(within(dialog).getByLabelText('Description'), 'Retirement accounts');
    await user.selectOptions(within(dialog).getByLabelText(/^Status/), 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(changeCustodian)).toEqual([
      {
        params: { id: '00000000-0000-4000-8000-00000000c002' },
        body: { product: '2002', description: 'Retirement accounts', status: 'I' },
      },
    ]);
    const schwab = screen.getByRole('rowheader', { name: 'Schwab' }).closest('tr');
    await waitFor(() => expect(schwab?.textContent).toContain('Inactive'));
  });
});
